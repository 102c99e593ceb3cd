/**
 * Russian lists (DICTIONARIES.md "Russian"): OpenCorpora through az for every size, LibreOffice
 * ru_RU as a second opinion on which nouns are common, russian-bad-words plus a few as blocklist.
 */
import { join } from 'node:path'
import { words as badWords } from 'russian-bad-words'
import { ALPHABETS } from '../../engine/alphabet/index.ts'
import { AzDawg, type AzReading, CP1251 } from './az-dawg.ts'
import { HunspellChecker, readAffixes, readHunspellStems } from './hunspell.ts'
import { finishLists, MIN_WORD_LENGTH, type WordLists } from './lists.ts'
import { OpenCorpora } from './opencorpora.ts'
import { packageDir } from './sources.ts'

/** Readings with these grammemes are not words of the game: names, places, abbreviations, typos. */
const DROPPED = ['Name', 'Surn', 'Patr', 'Geox', 'Orgn', 'Trad', 'Abbr', 'Init', 'Erro', 'Dist']
/** A noun known only with these labels (slang, informal, archaic) stays out of `default`. */
const MARKED = ['Slng', 'Infr', 'Arch']
/** Slurs and vulgarisms russian-bad-words does not list. */
const EXTRA_BLOCKED = ['жид', 'жидовка', 'жопа', 'хер', 'говно', 'шлюха']
const VOWEL = /[аеиоуыэюя]/

const ru = ALPHABETS.ru

/** Dictionary forms of russian-bad-words (every part of speech) and the extras, as written. */
export function russianBlocklist(): string[] {
  const lemmas = [...EXTRA_BLOCKED]
  for (const w of badWords as unknown as Record<string, string>[]) {
    const lemma = w.nominativeSingular ?? w.infinitive ?? w.adverb ?? w.interjection ?? w.predicative
    if (!lemma) throw new Error(`russian-bad-words: no dictionary form in ${JSON.stringify(w)}`)
    lemmas.push(lemma)
  }
  return lemmas
}

/**
 * The blocked lexemes as paradigm → stems (folded). A reading is blocked when its paradigm and
 * stem match, so сука's forms go but a form another lexeme shares (суки of сук) stays.
 */
function blockedLexemes(dawg: AzDawg, oc: OpenCorpora, lemmas: string[]): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>()
  for (const lemma of lemmas) {
    const spellings = new Set([lemma, lemma.replaceAll('е', 'ё')])
    for (const spelling of spellings)
      for (const r of dawg.readings(spelling)) {
        if (r.form !== 0) continue
        const stems = out.get(r.paradigm) ?? new Set()
        stems.add(ru.fold(oc.stem(spelling, r)))
        out.set(r.paradigm, stems)
      }
  }
  return out
}

/** ru_RU (LibreOffice) as a spell checker: only its lowercase entries count. */
function libreOffice(): HunspellChecker {
  const dir = packageDir('dictionary-ru')
  const stems = readHunspellStems(join(dir, 'index.dic')).filter((s) => s.word === s.word.toLowerCase())
  return new HunspellChecker(stems, readAffixes(join(dir, 'index.aff')))
}

/** CP1251 byte → itself when a lowercase letter (ё too); other bytes cut the walk (hyphens, Latin). */
function letterTable(): (string | undefined)[] {
  const letters = new Set(ru.letters)
  return CP1251.map((ch) => (ch === ch.toLowerCase() && letters.has(ru.fold(ch)) ? ch : undefined))
}

export function buildRussian(): WordLists {
  const dicts = join(packageDir('az'), 'dicts')
  const dawg = AzDawg.read(join(dicts, 'words.dawg'))
  const oc = new OpenCorpora(dicts)
  const blockedWords = russianBlocklist()
  const blocked = blockedLexemes(dawg, oc, blockedWords)
  const isBlocked = (word: string, r: AzReading) => blocked.get(r.paradigm)?.has(oc.stem(word, r)) === true

  const full: string[] = [] // duplicates (ё folded into е) go when sorted
  const wide = new Set<string>()
  const nouns = new Map<string, string>() // noun lemmas with an unmarked reading, folded → as written

  dawg.forEachWord((form, readings) => {
    if (form.length < MIN_WORD_LENGTH) return
    const word = ru.fold(form)
    let kept = false
    for (const r of readings) {
      const g = oc.grammemes(r)
      if (DROPPED.some((t) => g.has(t)) || isBlocked(word, r)) continue
      kept = true
      if (r.form !== 0) continue
      wide.add(word)
      const nounLemma = g.has('NOUN') && g.has('nomn') && (g.has('sing') || (g.has('plur') && g.has('Pltm')))
      if (nounLemma && !MARKED.some((t) => g.has(t))) nouns.set(word, form)
    }
    if (kept) full.push(word)
  }, letterTable())

  const common = libreOffice()
  const byDefault = new Set<string>()
  for (const [word, spelled] of nouns)
    if (VOWEL.test(word) && (common.accepts(spelled) || common.accepts(word))) byDefault.add(word)
  return finishLists({ default: byDefault, wide, full }, new Set(blockedWords.map(ru.fold)))
}
