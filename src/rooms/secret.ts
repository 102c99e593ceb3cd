/**
 * A private room's secret word is the only thing between it and anyone who guesses it (besides
 * its code), so a weak one is refused when the room is made, and wrong guesses are limited per
 * user (join-limit.ts). The rules (docs/server.md): at least SECRET_MIN_LENGTH characters, not
 * digits only, not one character repeated, and not a word of any dictionary the server plays.
 */
import { ALPHABETS, DICT_TYPES } from '../../engine/index.ts'
import type { Dictionaries } from '../dictionaries/store.ts'

export const SECRET_MIN_LENGTH = 8
export const SECRET_MAX_LENGTH = 32

/** Why a secret is too weak, or null when it will do. */
export function secretWeakness(secret: string, dictionaries: Dictionaries): string | null {
  const chars = [...secret]
  if (chars.length < SECRET_MIN_LENGTH)
    return `A secret word needs at least ${SECRET_MIN_LENGTH} characters: combine words, digits or signs`
  if (/^\d+$/.test(secret)) return 'A secret word of digits only is too easy to guess'
  if (new Set(chars.map((c) => c.toLowerCase())).size === 1)
    return 'A secret word of one repeated character is too easy to guess'
  for (const lang of dictionaries.langs) {
    const word = ALPHABETS[lang].fold(secret.toLowerCase())
    if (DICT_TYPES.some((type) => dictionaries.get(lang, type)?.has(word)))
      return 'A secret word must not be a dictionary word: anyone could guess it'
  }
  return null
}
