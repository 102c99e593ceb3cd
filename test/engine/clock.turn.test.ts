/** The clock, stats and badges as an accepted turn (engine/turn.ts) drives them. */
import { describe, expect, test } from 'bun:test'
import { advanceClock, applyTurn, ErrorCode } from '../../engine/index.ts'
import { expectGameOver, makeGame, T0 } from './support/make-game.ts'

const anyWord = { has: (w: string) => w.length >= 3 }
const BOARD = `
  a0 b0 c0
  d1:5 e1:5 f1:5
  g1 h1 i1
`

describe('an accepted blitz turn', () => {
  test('charges the mover its time, ends its forfeit run, records stats and badges; the next turn starts now', () => {
    const game = makeGame(BOARD, { timeMode: 'blitz', skips: [2, 0] })
    const r = applyTurn(game, { side: 0, cellIds: [3, 4, 5] }, anyWord, T0 + 12_345)
    if (!r.ok) throw new Error(r.error)
    const g = r.value.game
    expect(g.players[0]).toMatchObject({ timeleft: 587.655, skips: 0, score: 15 })
    expect(g).toMatchObject({ turnAvailable: 1, turnStartedAt: T0 + 12_345, turn: 1 })
    expect(g.stats[0]).toMatchObject({
      turns: 1,
      enemyCellsCaptured: 3,
      bestTurnScore: 15,
      ingame_minEnemyCellsLeft: 3,
    })
    expect(r.value.events).toContainEqual({ type: 'badge', side: 0, badgeId: 'jackpot', level: 1 })
    // Side 1's clock now runs from the turn: it forfeits 90 s later, not 90 s after T0.
    expect(advanceClock(g, T0 + 12_345 + 89_999).steps).toBe(0)
    expect(advanceClock(g, T0 + 12_345 + 90_000).events).toEqual([{ type: 'skip', side: 1 }])
  })

  test('a turn after the deadline is TIME_IS_UP (isTimeUp)', () => {
    const game = makeGame(BOARD, { timeMode: 'blitz' })
    const r = applyTurn(game, { side: 0, cellIds: [3, 4, 5] }, anyWord, T0 + 90_000)
    expect(r.ok ? 'accepted' : r.error).toBe(ErrorCode.TIME_IS_UP)
  })

  test('the winning turn closes the game with fatality, and gameover comes last', () => {
    const game = makeGame('a0 b0 c0 \n d0 e. f. \n g1 h. i.', { timeMode: 'blitz' })
    const r = applyTurn(game, { side: 0, cellIds: [0, 3, 6] }, anyWord, T0 + 1_000)
    if (!r.ok) throw new Error(r.error)
    expectGameOver(r.value, 0, 'gameover', { turnAvailable: null })
    expect(r.value.events.at(-2)).toEqual({ type: 'badge', side: 0, badgeId: 'fatality', level: 1 })
  })
})
