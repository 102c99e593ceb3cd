/**
 * Spanish lists (DICTIONARIES.md "Spanish"). RLA-ES (dictionary-es) has no parts of speech, so its
 * flags stand in: S (plural -s/-es) and G (feminine) mark nouns and adjectives, R E I X (the
 * conjugation classes) and D (participles) mark verbs.
 *
 * - default: lowercase stems taking S or G and no verb flag (nouns and adjectives).
 * - wide: every lowercase stem: the dictionary form of every part of speech (our choice; the
 *   document leaves it open), ≈ 53,700.
 * - full: every form RLA-ES generates, plus an-array-of-spanish-words.
 * Accents fold to plain vowels; words with k or w leave (not letters of the game's alphabet).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ALPHABETS } from '../../engine/alphabet/index.ts'
import { expandStem, readAffixes, readHunspellStems } from './hunspell.ts'
import { alphabetFilter, finishLists, type WordLists } from './lists.ts'
import { packageDir } from './sources.ts'

const NOUN_OR_ADJECTIVE = /[SG]/u
const VERB = /[REIXD]/u

const es = ALPHABETS.es

export function buildSpanish(): WordLists {
  const valid = alphabetFilter(es)
  const dir = packageDir('dictionary-es')
  const affixes = readAffixes(join(dir, 'index.aff'))
  const byDefault = new Set<string>()
  const wide = new Set<string>()
  const full = new Set<string>()
  for (const stem of readHunspellStems(join(dir, 'index.dic'))) {
    if (stem.word !== stem.word.toLowerCase()) continue // a name
    const word = es.fold(stem.word)
    if (valid(word)) {
      wide.add(word)
      if (NOUN_OR_ADJECTIVE.test(stem.flags) && !VERB.test(stem.flags)) byDefault.add(word)
    }
    expandStem(stem, affixes, (form) => {
      const f = es.fold(form)
      if (valid(f)) full.add(f)
    })
  }
  const more: string[] = JSON.parse(
    readFileSync(join(packageDir('an-array-of-spanish-words'), 'index.json'), 'utf8'),
  )
  for (const w of more) {
    const f = es.fold(w)
    if (valid(f)) full.add(f)
  }
  return finishLists({ default: byDefault, wide, full })
}
