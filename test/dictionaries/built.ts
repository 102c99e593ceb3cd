/**
 * The lists `scripts/build-dictionaries.ts` built (npm install runs it; so does
 * `npm run dictionaries`). Tests read them through here, so that a missing build fails each test
 * with the one message that says what to do.
 */
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { DictType, Lang } from '../../engine/index.ts'
import { type Dictionary, decodeDictionary } from '../../engine/server.ts'

export const DICTIONARIES_DIR = resolve(
  import.meta.dir,
  '../..',
  process.env.DICTIONARIES_DIR ?? 'dictionaries',
)

/**
 * The sizes measured when the lists were last rebuilt (docs/dictionaries.md; ru as DICTIONARIES.md
 * expects, en default within its 50,000-70,000).
 */
export const EXPECTED: Record<Lang, Record<DictType, number>> = {
  ru: { default: 39_100, wide: 136_600, full: 2_594_000 },
  en: { default: 63_100, wide: 121_200, full: 274_100 },
  es: { default: 146_100, wide: 589_200, full: 717_100 },
}

export function builtPath(lang: Lang, type: DictType, ext: 'txt' | 'wtdg', dir = DICTIONARIES_DIR): string {
  const path = resolve(dir, lang, `${type}.${ext}`)
  if (!existsSync(path))
    throw new Error(`${path} is missing: build the dictionaries first with \`npm run dictionaries\``)
  return path
}

const lists = new Map<string, string[]>()
const dicts = new Map<string, Dictionary>()

/** The words of a built `.txt`, in file order. */
export function builtWords(lang: Lang, type: DictType): string[] {
  const key = `${lang}/${type}`
  let words = lists.get(key)
  if (!words) {
    const text = readFileSync(builtPath(lang, type, 'txt'), 'utf8')
    words = text.length ? text.slice(0, -1).split('\n') : []
    lists.set(key, words)
  }
  return words
}

/** A built `.wtdg`, decoded with the bounds check on. */
export function builtDictionary(lang: Lang, type: DictType): Dictionary {
  const key = `${lang}/${type}`
  let dict = dicts.get(key)
  if (!dict) {
    dict = decodeDictionary(new Uint8Array(readFileSync(builtPath(lang, type, 'wtdg'))), { verify: true })
    dicts.set(key, dict)
  }
  return dict
}

/** Number of words the automaton spells, counted over its nodes (not read from the header). */
export function countWords(dict: Dictionary): number {
  const below = new Map<number, number>()
  const count = (node: number): number => {
    const key = node & -2
    const known = below.get(key)
    if (known !== undefined) return known
    let n = 0
    for (let l = 0; l < dict.letters.length; l++) {
      const next = dict.child(node, l)
      if (next >= 0) n += (dict.isWord(next) ? 1 : 0) + count(next)
    }
    below.set(key, n)
    return n
  }
  return count(dict.root())
}
