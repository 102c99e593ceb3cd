import { expect, test } from 'bun:test'
import { ErrorCode } from '../../engine/index.ts'
import { gameRefusal, WORD_REFUSALS } from '../../src/games/errors.ts'

const game = (lang: 'ru' | 'en' | 'es', dictType: 'default' | 'wide' | 'full') => ({
  lang,
  options: { dictType },
})

test("WORD_DOES_NOT_EXIST names the rule of the game's dictionary, keeping its code", () => {
  expect(gameRefusal(ErrorCode.WORD_DOES_NOT_EXIST, game('ru', 'default'))).toEqual({
    success: false,
    error: { code: ErrorCode.WORD_DOES_NOT_EXIST, message: 'Only singular nouns count in this game' },
  })
  for (const g of [game('ru', 'wide'), game('ru', 'full'), game('en', 'default'), game('es', 'default')])
    expect(gameRefusal(ErrorCode.WORD_DOES_NOT_EXIST, g)).toEqual({
      success: false,
      error: { code: ErrorCode.WORD_DOES_NOT_EXIST, message: 'Not in the dictionary' },
    })
  expect(WORD_REFUSALS.singularNouns).not.toBe(WORD_REFUSALS.anyForm)
})

test('any other code keeps its catalogue text whatever the dictionary', () => {
  expect(gameRefusal(ErrorCode.NOT_YOUR_TURN, game('ru', 'default'))).toEqual({
    success: false,
    error: { code: ErrorCode.NOT_YOUR_TURN, message: 'Not your turn' },
  })
})
