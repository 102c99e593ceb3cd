import { expect, test } from 'bun:test'
import { DICT_TYPES, LANGS, wordRule } from '../../engine/index.ts'

test('only a Russian default game is nouns-only; every other list takes every form', () => {
  const rules = LANGS.flatMap((lang) => DICT_TYPES.map((type) => `${lang}/${type}:${wordRule(lang, type)}`))
  expect(rules.filter((r) => r.endsWith(':singularNouns'))).toEqual(['ru/default:singularNouns'])
  expect(rules.filter((r) => r.endsWith(':anyForm')).length).toBe(LANGS.length * DICT_TYPES.length - 1)
})
