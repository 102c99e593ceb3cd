import { describe, expect, test } from 'bun:test'
import { applyHint, ErrorCode, hintCost } from '../../engine/index.ts'
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
    expect(first.value.events).toEqual([{ type: 'hint', side: 0, cellIds: [1, 4, 5] }])
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
