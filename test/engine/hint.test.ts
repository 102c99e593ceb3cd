import { describe, expect, test } from 'bun:test'
import { applyHint, ErrorCode, hintCost, hintPrices, toView } from '../../engine/index.ts'
import { activeGame, T0 } from './support/text-board.ts'

const BOARD = `
  c0 a0 t0
  o. x. e.
  d1 o1 g1
`

describe('hints (RULES §6)', () => {
  test('a hint costs 10 · 2^(hints used), is paid from the score and announced as a hint event', () => {
    const game = activeGame(BOARD)
    game.players[0].score = 35
    expect(hintCost(game.players[0])).toBe(10)
    const first = applyHint(game, 0, 10, [1, 4, 5], T0 + 1000)
    if (!first.ok) throw new Error(first.error)
    expect(first.value.game.players[0]).toMatchObject({ score: 25, hintsUsed: 1 })
    expect(first.value.events).toEqual([
      { type: 'hint', side: 0, cellIds: [1, 4, 5], grade: 'word', cost: 10 },
    ])
    expect(hintCost(first.value.game.players[0])).toBe(20)
    const second = applyHint(first.value.game, 0, 20, [1, 4, 5], T0 + 2000)
    expect(second.ok && second.value.game.players[0].score).toBe(5)
  })

  test('a stale cost is BAD_REQUEST, a poor player NO_SCORE_ENOUGH, no word HINT_ERROR, hints off BAD_REQUEST', () => {
    const game = activeGame(BOARD)
    game.players[0].score = 15
    const before = structuredClone(game)
    expect(applyHint(game, 0, 20, [1, 4, 5], T0)).toEqual({ ok: false, error: ErrorCode.BAD_REQUEST })
    expect(applyHint(game, 0, 10, null, T0)).toEqual({ ok: false, error: ErrorCode.HINT_ERROR })
    game.players[0].score = 9
    expect(applyHint(game, 0, 10, [1, 4, 5], T0)).toEqual({ ok: false, error: ErrorCode.NO_SCORE_ENOUGH })
    const off = activeGame(BOARD, { hintsOn: false })
    off.players[0].score = 50
    expect(applyHint(off, 0, 10, [1, 4, 5], T0)).toEqual({ ok: false, error: ErrorCode.BAD_REQUEST })
    expect(applyHint(game, 1, 10, [1, 4, 5], T0)).toEqual({ ok: false, error: ErrorCode.NOT_YOUR_TURN })
    before.players[0].score = 9
    expect(game).toEqual(before)
  })
})

describe('graded hints', () => {
  test('area, then first letter, then word: one word, each step dearer, one hint counted', () => {
    const game = activeGame(BOARD)
    game.players[0].score = 40
    expect(hintPrices(game, 0)).toEqual({ area: 3, letter: 6, word: 10 })
    const area = applyHint(game, 0, 3, [5, 4, 1], T0, 'area')
    if (!area.ok) throw new Error(area.error)
    expect(area.value).toMatchObject({ cellIds: [1, 4, 5], grade: 'area', cost: 3 })
    expect(area.value.firstCellId).toBeUndefined()
    expect(area.value.events).toEqual([{ type: 'hint', side: 0, cellIds: [1, 4, 5], grade: 'area', cost: 3 }])
    expect(area.value.game.players[0]).toMatchObject({ score: 37, hintsUsed: 1 })
    expect(area.value.prices).toEqual({ area: null, letter: 6, word: 10 })

    // The chooser would now pick another word: the hint keeps its own.
    const letter = applyHint(area.value.game, 0, 6, [0, 3, 6], T0, 'letter')
    if (!letter.ok) throw new Error(letter.error)
    expect(letter.value).toMatchObject({ cellIds: [1, 4, 5], firstCellId: 5, cost: 6 })
    expect(letter.value.game.players[0]).toMatchObject({ score: 31, hintsUsed: 1 })

    const word = applyHint(letter.value.game, 0, 10, [0, 3, 6], T0, 'word')
    if (!word.ok) throw new Error(word.error)
    expect(word.value.cellIds).toEqual([5, 4, 1])
    expect(word.value.game.players[0]).toMatchObject({ score: 21, hintsUsed: 1 })
    // The word is shown: the next hint is a new one at the doubled price.
    expect(word.value.prices).toEqual({ area: 6, letter: 12, word: 20 })
  })

  test('a grade already bought is refused; a hint ends with its turn', () => {
    const game = activeGame(BOARD)
    game.players[0].score = 40
    const letter = applyHint(game, 0, 6, [5, 4, 1], T0, 'letter')
    if (!letter.ok) throw new Error(letter.error)
    expect(applyHint(letter.value.game, 0, 3, [5, 4, 1], T0, 'area')).toEqual({
      ok: false,
      error: ErrorCode.BAD_REQUEST,
    })
    const later = structuredClone(letter.value.game)
    later.turn += 2
    expect(hintPrices(later, 0)).toEqual({ area: 6, letter: 12, word: 20 })
  })

  test('the word being hinted stays out of the game view the opponent sees', () => {
    const game = activeGame(BOARD)
    game.players[0].score = 40
    const area = applyHint(game, 0, 3, [5, 4, 1], T0, 'area')
    if (!area.ok) throw new Error(area.error)
    expect(area.value.game.hints?.[0]?.cellIds).toEqual([5, 4, 1])
    expect(toView(area.value.game)).not.toHaveProperty('hints')
    expect(area.value.changes).not.toHaveProperty('hints')
  })
})
