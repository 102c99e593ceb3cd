import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { ErrorCode } from '../../engine/index.ts'
import {
  errorMessage,
  LANGS,
  type MessageKey,
  translate,
  translator,
  wordRefusalKey,
} from '../../shared/i18n.ts'
import { TABLES } from '../../shared/i18n-tables.ts'

const LOCALES = resolve(import.meta.dir, '../../locales')

type Tree = { [key: string]: string | Tree }

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value)
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v)
  }
  return out
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()
}

describe('locale files', () => {
  const files = readdirSync(LOCALES).filter((f) => f.endsWith('.json'))
  const tables = new Map(
    files.map((f) => [f.replace('.json', ''), JSON.parse(readFileSync(join(LOCALES, f), 'utf8'))]),
  )

  test('there is exactly one file per language', () => {
    expect([...tables.keys()].sort()).toEqual([...LANGS].sort())
  })

  test('every language has exactly the keys of en.json (the typed ones), nothing missing or extra', () => {
    const reference = [...leaves(tables.get('en')).keys()].sort()
    for (const lang of LANGS) {
      const keys = [...leaves(tables.get(lang)).keys()].sort()
      const missing = reference.filter((k) => !keys.includes(k))
      const extra = keys.filter((k) => !reference.includes(k))
      expect({ lang, missing, extra }).toEqual({ lang, missing: [], extra: [] })
    }
  })

  test('every text is non-empty and uses the same {{placeholders}} as English', () => {
    const en = leaves(tables.get('en'))
    for (const lang of LANGS) {
      for (const [key, text] of leaves(tables.get(lang))) {
        expect({ lang, key, empty: text.trim() === '' }).toEqual({ lang, key, empty: false })
        expect({ lang, key, params: placeholders(text) }).toEqual({
          lang,
          key,
          params: placeholders(en.get(key)!),
        })
      }
    }
  })

  test('the tables web/ ships are these files', () => {
    for (const lang of LANGS) expect(TABLES[lang]).toEqual(tables.get(lang))
  })
})

describe('typed t()', () => {
  test('translates in the language it is given, whatever was asked before', () => {
    // Interleaved calls: no process-wide locale may leak from one to the next (server rendering).
    expect(translate('en', 'pages.notFound.title')).toBe('Page Not Found')
    expect(translate('ru', 'pages.notFound.title')).toBe('Страница не найдена')
    expect(translate('en', 'screens.rating')).toBe('Rating')
    expect(translate('es', 'screens.rating')).toBe('Clasificación')
    expect(translator('ru')('screens.signin')).toBe('Вход')
  })

  test('fills {{params}}', () => {
    expect(translate('en', 'pages.notFound.text', { path: '/x' })).toBe('There is no page at /x.')
  })

  test('accepts only keys of en.json (checked by tsc over this file)', () => {
    // @ts-expect-error: not a key of en.json
    const unknown: MessageKey = 'screens.nope'
    // @ts-expect-error: a branch, not a text
    const branch: MessageKey = 'screens'
    const known: MessageKey = 'app.name'
    expect([unknown, branch, known]).toHaveLength(3)
    // An unknown key at runtime (only reachable around the types) shows itself, not ''.
    expect(translate('en', 'screens.nope' as MessageKey)).toBe('screens.nope')
  })
})

describe('error messages (SPEC.md §8)', () => {
  test('every game error code has its own message in every language', () => {
    for (const lang of LANGS) {
      const messages = Object.values(ErrorCode).map((code) => errorMessage(lang, code))
      for (const [i, message] of messages.entries()) {
        expect(message).not.toBe(Object.values(ErrorCode)[i])
        expect(message).not.toContain('errors.')
      }
      expect(new Set(messages).size).toBe(messages.length)
    }
  })

  test('a known code maps to its message; any other shows the code', () => {
    expect(errorMessage('en', 'NOT_YOUR_TURN')).toBe('It is not your turn')
    expect(errorMessage('ru', 'HINT_ERROR')).toBe('Подсказка не найдена')
    expect(errorMessage('es', 'SOMETHING_ELSE')).toBe('Error desconocido: SOMETHING_ELSE')
    expect(errorMessage('en', 'hasOwnProperty')).toBe('Unknown error: hasOwnProperty')
  })

  test("the server's RATE_LIMITED has a message of its own in every language", () => {
    for (const lang of LANGS) {
      expect(errorMessage(lang, 'RATE_LIMITED')).toBe(translate(lang, 'errors.RATE_LIMITED'))
      expect(errorMessage(lang, 'RATE_LIMITED')).not.toContain('RATE_LIMITED')
    }
  })
})

describe("a refused word names the rule of the game's dictionary", () => {
  const ru = { lang: 'ru' as const, options: { dictType: 'default' as const } }
  const en = { lang: 'en' as const, options: { dictType: 'default' as const } }
  const ruWide = { lang: 'ru' as const, options: { dictType: 'wide' as const } }

  test('Russian default: only singular nouns; any other list: not in the dictionary', () => {
    expect(wordRefusalKey(ru)).toBe('game.onlySingularNouns')
    expect(wordRefusalKey(ruWide)).toBe('game.notInDictionary')
    expect(wordRefusalKey(en)).toBe('game.notInDictionary')
  })

  test('the refusal notice says it in the language of the page, whatever the game language', () => {
    const code = ErrorCode.WORD_DOES_NOT_EXIST
    expect(errorMessage('en', code, ru)).toBe('Only singular nouns count in this game')
    expect(errorMessage('ru', code, ru)).toBe('В этой игре — только существительные в единственном числе')
    expect(errorMessage('es', code, ru)).toBe('En esta partida solo valen los sustantivos en singular')
    expect(errorMessage('en', code, en)).toBe('Not in the dictionary')
    expect(errorMessage('ru', code, en)).toBe('Нет в словаре')
    // Without a game the code's own text; other codes ignore the game.
    expect(errorMessage('en', code)).toBe('Word not found or invalid')
    expect(errorMessage('en', ErrorCode.NOT_YOUR_TURN, ru)).toBe(translate('en', 'errors.NOT_YOUR_TURN'))
  })
})
