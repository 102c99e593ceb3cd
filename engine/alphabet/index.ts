import type { Lang } from '../types.ts'
import { en } from './en.ts'
import { es } from './es.ts'
import { ru } from './ru.ts'
import type { Alphabet } from './types.ts'

export type { Alphabet } from './types.ts'

export const ALPHABETS: Record<Lang, Alphabet> = { ru, en, es }

/** SPEC.md §5: a letter is valid only when it is a single character of the language's vowels or consonants. */
export function isValidLetter(lang: Lang, letter: unknown): boolean {
  if (typeof letter !== 'string' || [...letter].length !== 1) return false
  const a = ALPHABETS[lang]
  return a.vowels.has(letter) || a.consonants.has(letter)
}
