/**
 * Which words a game's dictionary takes, as the game tells a player (DICTIONARIES.md): Russian
 * `default` keeps the classic rule of Russian word games, common nouns in their dictionary form
 * (nominative singular); every other list takes common words in every form.
 */
import type { DictType, Lang } from './types.ts'

export type WordRule = 'singularNouns' | 'anyForm'

export function wordRule(lang: Lang, dictType: DictType): WordRule {
  return lang === 'ru' && dictType === 'default' ? 'singularNouns' : 'anyForm'
}
