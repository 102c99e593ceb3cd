import rosetta from 'rosetta'
import { type DictType, ErrorCode, LANGS, type Lang, wordRule } from '../engine/index.ts'
import type en from '../locales/en.json'

export { LANGS, type Lang }

/** English is the reference table: its shape defines which keys exist. */
export type Messages = typeof en

/** Every dotted path to a string leaf of en.json, e.g. 'pages.notFound.title'. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>
}[keyof T & string]

export type MessageKey = Leaves<Messages>
export type Params = Record<string, string | number>
export type Translate = (key: MessageKey, params?: Params) => string

// One instance for the process. Its current locale is never set or read: rosetta's locale is
// process-wide, so under server rendering two requests would race for it. Every call names its language.
// It starts empty: the server loads every table (i18n-tables.ts), a browser only its page's (locale/).
const dictionary = rosetta<Messages>()

export function addLocale(lang: Lang, table: Messages): void {
  dictionary.set(lang, table)
}

export function hasLocale(lang: Lang): boolean {
  return Object.keys(dictionary.table(lang) ?? {}).length > 0
}

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value)
}

export function translate(lang: Lang, key: MessageKey, params?: Params): string {
  const text = dictionary.t(key, params, lang)
  // A missing key is a test failure (key parity); at runtime English beats an empty string.
  return text || dictionary.t(key, params, 'en') || key
}

/** A t() bound to one language, for a component tree that renders in that language. */
export function translator(lang: Lang): Translate {
  return (key, params) => translate(lang, key, params)
}

function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ErrorCode, code)
}

/** What decides which words a game takes: its language and dictionary size. */
export interface WordRuleOf {
  lang: Lang
  options: { dictType: DictType }
}

/** Why a word is refused, in the terms of the game's dictionary (a Russian default game: nouns only). */
export function wordRefusalKey(game: WordRuleOf): MessageKey {
  return wordRule(game.lang, game.options.dictType) === 'singularNouns'
    ? 'game.onlySingularNouns'
    : 'game.notInDictionary'
}

/**
 * The user message of SPEC.md §8 for a game error code, and for RATE_LIMITED (the server's limits,
 * docs/server.md "The edge"); any other code shows itself. With the game, a refused word says the
 * rule of its dictionary.
 */
export function errorMessage(lang: Lang, code: string, game?: WordRuleOf | null): string {
  if (code === ErrorCode.WORD_DOES_NOT_EXIST && game) return translate(lang, wordRefusalKey(game))
  if (code === 'RATE_LIMITED') return translate(lang, 'errors.RATE_LIMITED')
  return isErrorCode(code) ? translate(lang, `errors.${code}`) : translate(lang, 'errors.unknown', { code })
}
