/** The PRO notebook's sorting (SPEC.md §5: sorting is PRO). Pure. */
export const NOTEBOOK_SORTS = ['added', 'alpha', 'length'] as const
export type NotebookSort = (typeof NOTEBOOK_SORTS)[number]

/** The words in the order chosen: as added, A to Z (in the game's language), or longest first. */
export function sortWords(words: readonly string[], sort: NotebookSort, lang: string): string[] {
  if (sort === 'added') return [...words]
  const collator = new Intl.Collator(lang)
  if (sort === 'alpha') return [...words].sort(collator.compare)
  return [...words].sort((a, b) => [...b].length - [...a].length || collator.compare(a, b))
}
