import { describe, expect, test } from 'bun:test'
import { finishGameDraft, loserOf, type Side } from '../../engine/index.ts'
import { makeGame, T0 } from './support/make-game.ts'

describe('loserOf (RULES §4)', () => {
  const cases: [string, string, Side, Side | null][] = [
    ['both bases intact: nobody', 'a0 b0 c0 \n d. e. f. \n g1 h1 i1', 0, null],
    ['one own base cell is enough to stay in', 'a1 b1 c0 \n d1 e. f. \n g1 h1 i1', 1, null],
    ['side 1 holds no cell of its base row, though it owns others', 'a0 b0 c0 \n d1 e1 f. \n g0 h. i0', 0, 1],
    ['side 0 owns no cell at all', 'a1 b. c. \n d. e1 f. \n g1 h1 i1', 1, 0],
    ['both have lost: the side that just moved (0) wins', 'a1 b. c. \n d. e. f. \n g0 h0 i0', 0, 1],
    ['both have lost: the side that just moved (1) wins', 'a1 b. c. \n d. e. f. \n g0 h0 i0', 1, 0],
  ]
  test.each(cases)('%s', (_name, board, mover, expected) => {
    expect(loserOf(makeGame(board), mover)).toBe(expected)
  })
})

describe('finishGameDraft', () => {
  test('closes the game: state, winner, reason, time, no side to move, fresh results; gameover comes last', () => {
    const draft = makeGame(undefined, { timeMode: 'classic' })
    const events = finishGameDraft(draft, 1, 'giveup', T0 + 5_000)
    expect(draft).toMatchObject({
      state: 'over',
      isFinished: true,
      winner: 1,
      gameoverReason: 'giveup',
      finishedAt: T0 + 5_000,
      turnAvailable: null,
      results: [
        { skipped: false, ratingDelta: 0 },
        { skipped: false, ratingDelta: 0 },
      ],
    })
    expect(events.at(-1)).toEqual({ type: 'gameover', winner: 1, gameoverReason: 'giveup' })
  })

  test('end-of-game badges come before the gameover event (a win on the board earns fatality)', () => {
    const draft = makeGame()
    const events = finishGameDraft(draft, 0, 'gameover', T0)
    expect(events).toEqual([
      { type: 'badge', side: 0, badgeId: 'fatality', level: 1 },
      { type: 'gameover', winner: 0, gameoverReason: 'gameover' },
    ])
    expect(draft.awards[0].b.fatality).toBe(1)
  })

  test('blitz: the side to move is charged its unfinished turn, so the final banks are true', () => {
    const draft = makeGame(undefined, { timeMode: 'blitz', mover: 1, timeleft: [300, 200] })
    finishGameDraft(draft, 1, 'giveup', T0 + 42_250)
    expect(draft.players.map((p) => p.timeleft)).toEqual([300, 157.75])
  })

  test('classic banks are not touched', () => {
    const draft = makeGame(undefined, { timeMode: 'classic' })
    finishGameDraft(draft, 0, 'takeWin', T0 + 1_000_000)
    expect(draft.players[0].timeleft).toBe(86_400)
  })
})
