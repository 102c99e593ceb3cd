/**
 * The word lists the server plays with: one flat dictionary per (language, size), read from the
 * binaries that `scripts/build-dictionaries.ts` writes at install time (DICTIONARIES.md).
 *
 * Layout of the folder: `<lang>/<dictType>.wtdg` (binary, engine/dictionary/binary.ts) next to
 * `<lang>/<dictType>.txt` (the plain list it was built from, one word a line).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DICT_TYPES, type DictType, LANGS, type Lang } from '../../engine/index.ts'
import { type Dictionary, decodeDictionary } from '../../engine/server.ts'

export interface Dictionaries {
  /** The list for a game; undefined when that language was not built. */
  get(lang: Lang, dictType: DictType): Dictionary | undefined
  /** Languages with every size present. */
  readonly langs: readonly Lang[]
}

export const dictionaryFile = (dir: string, lang: Lang, dictType: DictType, ext: 'wtdg' | 'txt' = 'wtdg') =>
  join(dir, lang, `${dictType}.${ext}`)

/** Languages the game cannot run without. */
export const REQUIRED_LANGS: readonly Lang[] = ['ru', 'en']

export class MissingDictionaryError extends Error {
  constructor(readonly missing: string[]) {
    super(`dictionaries missing: ${missing.join(', ')} (run \`npm run dictionaries\`)`)
    this.name = 'MissingDictionaryError'
  }
}

/** Reads every built dictionary of `dir`; throws when a required language lacks a size. */
export function loadDictionaries(dir: string): Dictionaries {
  const byKey = new Map<string, Dictionary>()
  const missing: string[] = []
  const langs: Lang[] = []
  for (const lang of LANGS) {
    let complete = true
    for (const dictType of DICT_TYPES) {
      const file = dictionaryFile(dir, lang, dictType)
      if (!existsSync(file)) {
        complete = false
        if (REQUIRED_LANGS.includes(lang)) missing.push(file)
        continue
      }
      byKey.set(`${lang}/${dictType}`, decodeDictionary(new Uint8Array(readFileSync(file))))
    }
    if (complete) langs.push(lang)
  }
  if (missing.length) throw new MissingDictionaryError(missing)
  return fromMap(byKey, langs)
}

/** Dictionaries given directly (tests with a handful of words, tools). */
export function dictionariesOf(
  entries: Partial<Record<Lang, Partial<Record<DictType, Dictionary>>>>,
): Dictionaries {
  const byKey = new Map<string, Dictionary>()
  const langs: Lang[] = []
  for (const lang of LANGS) {
    const sizes = entries[lang]
    if (!sizes) continue
    for (const dictType of DICT_TYPES) {
      const dict = sizes[dictType]
      if (dict) byKey.set(`${lang}/${dictType}`, dict)
    }
    if (DICT_TYPES.every((d) => sizes[d])) langs.push(lang)
  }
  return fromMap(byKey, langs)
}

function fromMap(byKey: Map<string, Dictionary>, langs: Lang[]): Dictionaries {
  return {
    get: (lang, dictType) => byKey.get(`${lang}/${dictType}`),
    langs,
  }
}
