/** What every language's assembly hands back, and the rules all lists share (DICTIONARIES.md). */
import type { Alphabet } from '../../engine/alphabet/index.ts'
import type { DictType } from '../../engine/index.ts'

export type WordLists = Record<DictType, string[]>

/** Lists keep 2-letter words (a move needs 3, RULES §3.6, but the lists describe the language). */
export const MIN_WORD_LENGTH = 2

/** Accepts a folded word made only of the alphabet's letters and long enough. */
export function alphabetFilter(alphabet: Alphabet): (word: string) => boolean {
  const letters = new Set(alphabet.letters)
  return (word) => {
    if (word.length < MIN_WORD_LENGTH) return false
    for (const ch of word) if (!letters.has(ch)) return false
    return true
  }
}

/** Sorted by code unit (the order the DAWG builder wants), duplicates and blocked words out. */
function sortedUnique(words: Iterable<string>, blocked: ReadonlySet<string>): string[] {
  const list = Array.isArray(words) ? words : [...words]
  list.sort()
  let n = 0
  for (const w of list) if ((n === 0 || w !== list[n - 1]) && !blocked.has(w)) list[n++] = w
  list.length = n
  return list
}

/**
 * Makes the sizes nest (default ⊆ wide ⊆ full) and sorts each. `blocked` words leave every size.
 * Arrays handed in are sorted in place (a Set of the 2.6 M Russian forms costs seconds).
 */
export function finishLists(
  lists: { default: Iterable<string>; wide: Iterable<string>; full: string[] | Iterable<string> },
  blocked: ReadonlySet<string> = new Set(),
): WordLists {
  const byDefault = sortedUnique(lists.default, blocked)
  const wide = sortedUnique([...lists.wide, ...byDefault], blocked)
  const full = Array.isArray(lists.full) ? lists.full : [...lists.full]
  for (const w of wide) full.push(w)
  return { default: byDefault, wide, full: sortedUnique(full, blocked) }
}
