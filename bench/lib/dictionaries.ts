/**
 * A word list of a language for benchmarks: the built `dictionaries/<lang>/<dictType>.wtdg` (what
 * the game plays with; `default` unless told), or a plain word list given with --words.
 */
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { ALPHABETS, type DictType, type Lang } from '../../engine/index.ts'
import { buildDictionary, type Dictionary, decodeDictionary } from '../../engine/server.ts'

export const DICTIONARY_DIR = resolve(import.meta.dir, '../../dictionaries')

export interface LoadedDictionary {
  dict: Dictionary
  /** Where the words came from, for the report. */
  source: string
}

export function loadDictionary(
  lang: Lang,
  wordsFile?: string,
  dictType: DictType = 'default',
): LoadedDictionary {
  if (wordsFile) {
    const alphabet = ALPHABETS[lang]
    const words = readFileSync(wordsFile, 'utf8')
      .split('\n')
      .map((w) => alphabet.fold(w.trim()))
      .filter((w) => w.length > 0)
    return { dict: buildDictionary(words, alphabet.letters), source: wordsFile }
  }
  const file = resolve(DICTIONARY_DIR, lang, `${dictType}.wtdg`)
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: run \`npm run dictionaries\` (or pass --words FILE to use a plain list)`,
    )
  }
  return { dict: decodeDictionary(new Uint8Array(readFileSync(file))), source: file }
}

/** `--name value` pairs; a flag without a value reads as 'true'. */
export function flags(argv: string[]): Map<string, string> {
  const out = new Map<string, string>()
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${a}`)
    const next = argv[i + 1]
    if (next === undefined || next.startsWith('--')) out.set(a.slice(2), 'true')
    else {
      out.set(a.slice(2), next)
      i++
    }
  }
  return out
}
