/**
 * Words developers accepted from players' reports, on top of the built word lists. The built files
 * come from packages at install time and are rebuilt from them; this list lives in the database,
 * so a rebuild never loses it. It is loaded at start and grows at once when a word is accepted:
 * from then on the word is playable in this process (other processes take it at their next start).
 * Only exact look-ups (`has`, the rule of a turn and user/checkword) see it; the move generator
 * walks the built automaton, so the computer and hints do not play accepted words until they join
 * a built list.
 */
import { DICT_TYPES, type DictType, type Lang } from '../../engine/index.ts'
import type { Dictionary } from '../../engine/server.ts'
import type { Dictionaries } from '../dictionaries/store.ts'

const rank = (d: DictType) => DICT_TYPES.indexOf(d)

export interface Overlay {
  /** Adds a word to its size and every larger one (default ⊆ wide ⊆ full). */
  add(lang: Lang, word: string, dictType: DictType): void
  has(lang: Lang, dictType: DictType, word: string): boolean
  /** The smallest size that has the word through the overlay, or null. */
  sizeOf(lang: Lang, word: string): DictType | null
  readonly size: number
}

export function createOverlay(): Overlay {
  // lang → word → the smallest size that has it.
  const words = new Map<Lang, Map<string, DictType>>()
  return {
    add(lang, word, dictType) {
      let forLang = words.get(lang)
      if (!forLang) {
        forLang = new Map()
        words.set(lang, forLang)
      }
      const known = forLang.get(word)
      if (!known || rank(dictType) < rank(known)) forLang.set(word, dictType)
    },
    has(lang, dictType, word) {
      const smallest = words.get(lang)?.get(word)
      return smallest !== undefined && rank(smallest) <= rank(dictType)
    },
    sizeOf: (lang, word) => words.get(lang)?.get(word) ?? null,
    get size() {
      let n = 0
      for (const m of words.values()) n += m.size
      return n
    },
  }
}

/**
 * The dictionaries with the overlay's words accepted by `has`. Each list is wrapped once through
 * its prototype, so it stays the same kind of object (the move generator's fast path for the flat
 * automaton keeps working) and only `has` changes.
 */
export function withOverlay(base: Dictionaries, overlay: Overlay): Dictionaries {
  const wrapped = new Map<string, Dictionary>()
  return {
    langs: base.langs,
    get(lang, dictType) {
      const key = `${lang}/${dictType}`
      const hit = wrapped.get(key)
      if (hit) return hit
      const dict = base.get(lang, dictType)
      if (!dict) return undefined
      const layer: Dictionary = Object.create(dict)
      Object.defineProperty(layer, 'has', {
        value: (word: string) => dict.has(word) || overlay.has(lang, dictType, word),
      })
      wrapped.set(key, layer)
      return layer
    },
  }
}
