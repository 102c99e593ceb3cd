import { describe, expect, test } from 'bun:test'
import { checkNickname, nicknameKey } from '../../src/users/nickname.ts'

describe('nickname rules', () => {
  test.each([
    ['  Anna  ', 'Anna'],
    ['Bob   Smith', 'Bob Smith'],
    ['ＡＢＣ', 'ABC'], // full-width letters, NFKC
    ['ﬁsh', 'fish'], // a ligature, NFKC
    ['Cafe\u0301', 'Café'], // a combining accent, composed
    ['Вася Pro', 'Вася Pro'], // one alphabet per word is enough
    ['Ivan 太郎', 'Ivan 太郎'],
  ])('%p is accepted as %p', (raw, nickname) => {
    expect(checkNickname(raw)).toMatchObject({ ok: true, nickname })
  })

  test.each([
    ['a', 'NICKNAME_INVALID'],
    ['x'.repeat(25), 'NICKNAME_INVALID'],
    ['no!', 'NICKNAME_INVALID'],
    ['Ali\u200Bce', 'NICKNAME_INVISIBLE'], // zero-width space
    ['Alice\u200D', 'NICKNAME_INVISIBLE'], // zero-width joiner
    ['Al\u00ADice', 'NICKNAME_INVISIBLE'], // soft hyphen
    ['\u202EecilA', 'NICKNAME_INVISIBLE'], // right-to-left override
    ['\u3164\u3164', 'NICKNAME_INVISIBLE'], // Hangul fillers
    ['Al\u034Fice', 'NICKNAME_INVISIBLE'], // combining grapheme joiner
    ['tab\tname', 'NICKNAME_INVISIBLE'],
    ['Аlice', 'NICKNAME_MIXED_SCRIPTS'], // Cyrillic А
    ['ВасяPro', 'NICKNAME_MIXED_SCRIPTS'],
    ['Αlpha', 'NICKNAME_MIXED_SCRIPTS'], // Greek Α
  ])('%p is refused with %s and a reason', (raw, code) => {
    const result = checkNickname(raw)
    expect(result).toMatchObject({ ok: false, code })
    if (!result.ok) expect(result.message.length).toBeGreaterThan(20)
  })

  test('the mixed-script refusal names the word and its alphabets', () => {
    const result = checkNickname('Good Аlice')
    expect(result.ok ? '' : result.message).toBe(
      '"Аlice" mixes Latin and Cyrillic letters: write each word in one alphabet',
    )
  })

  test('names a person could take for one another share a key', () => {
    const same = [
      ['Alice', 'ALICE', 'alice', 'AIice', 'A1ice'],
      ['Bob Smith', 'bob_smith', 'BOB-SMITH', 'Bob  Smith'],
      ['KOPA', 'КОРА', 'кора', 'kopa', 'K0PA'],
      ['BOBA', 'ВОВА', 'вова'],
      ['NIKE', 'ΝΙΚΕ', 'νικε'],
    ]
    for (const group of same) {
      const keys = new Set(group.map(nicknameKey))
      expect({ group, keys: keys.size }).toEqual({ group, keys: 1 })
    }
  })

  test('different names keep different keys', () => {
    const names = ['Alice', 'Alicia', 'Анна', 'Anna', 'Алиса', 'Bob', 'Bobby', 'Иван', 'Ivan', 'Café', 'Cafe']
    expect(new Set(names.map(nicknameKey)).size).toBe(names.length)
  })
})
