import { describe, expect, test } from 'bun:test'
import { type AiLevel, applyTurn, createRng, type Game } from '../../../engine/index.ts'
import { chooseMove } from '../../../engine/server.ts'
import { simpleMoveSource } from '../support/simple-moves.ts'
import { activeGame, words } from '../support/text-board.ts'

function decide(game: Game, level: AiLevel, list: string[]) {
  return chooseMove(game, 0, level, words(...list), simpleMoveSource(list), createRng(1))
}

/** Plays side 0's decision, then side 1's `reply` path; answers the reply's error or 'accepted'. */
function replyAfter(game: Game, list: string[], level: AiLevel, reply: number[]): string {
  const d = decide(game, level, list)!
  const after = applyTurn(
    game,
    { side: 0, cellIds: d.cellIds, booster: d.booster },
    words(...list),
    game.turnStartedAt!,
  )
  if (!after.ok) throw new Error(`side 0's own choice was refused: ${after.error}`)
  const r = applyTurn(after.value.game, { side: 1, cellIds: reply }, words(...list), game.turnStartedAt!)
  return r.ok ? (r.value.game.winner === 1 ? 'side 1 wins' : 'accepted') : r.error
}

describe('very hard: look-ahead at the best reply (RULES §8)', () => {
  // Side 0 holds one base cell (r). "glp" takes two rich enemy base cells, but leaves "tar" to side 1,
  // which takes r and wins. Playing "tar" itself uses the word up and retakes t and a.
  const BOARD = `
    r0 a1 b. c1 d1
    s. t1 u. v. w.
    e. f. m. n. o.
    g0 h0 i0 j. k.
    l1:9 p1:9 x1 y1 z1
  `
  const list = ['glp', 'him', 'tar']

  test('hard grabs the greedy word and loses to the reply; very hard sees the reply and avoids it', () => {
    const game = activeGame(BOARD, { boostersOn: false })
    expect(decide(game, 'hard', list)!.word).toBe('glp')
    expect(replyAfter(game, list, 'hard', [6, 1, 0])).toBe('side 1 wins')
    expect(decide(game, 'veryHard', list)!.word).toBe('tar')
    expect(replyAfter(game, list, 'veryHard', [6, 1, 0])).toBe('NOT_AVAILABLE_CELLS_USED')
  })
})

describe('very hard: boosters when they pay (RULES §5)', () => {
  // Side 1's "bar" (b a r) takes side 0's last base cell. Side 0 cannot use b, so no word of its
  // own stops it: only a booster can.
  const BOARD = `
    r0 a1 b1 c1 d1
    s. t1 u. v. w.
    e. f. m. n. o.
    g0 h0 i0 j. k.
    l1 p1 x1 y1 z1
  `
  const list = ['him', 'hip', 'bar']
  const BAR = [2, 1, 0]

  test('a freeze on a cell of the winning reply, when the score pays for it', () => {
    const game = activeGame(BOARD)
    game.players[0].score = 25
    expect(decide(game, 'hard', list)!.booster).toBeUndefined()
    const d = decide(game, 'veryHard', list)!
    expect(d.booster?.boosterId).toBe('freeze')
    expect(BAR).toContain(d.booster!.cellId)
    expect(replyAfter(game, list, 'veryHard', BAR)).toBe('NOT_AVAILABLE_CELLS_USED')
  })

  test('a strike on the enemy cell that reaches the base, when a freeze costs too much', () => {
    const game = activeGame(`
      r0 a. b1 c1 d1
      s. t1 u. v. w.
      e. f. m. n. o.
      g0 h0 i0 j. k.
      l1 p1 x1 y1 z1
    `)
    game.players[0].score = 55
    game.players[0].boosters.find((b) => b.id === 'freeze')!.usage = 2 // next freeze costs 80
    const d = decide(game, 'veryHard', list)!
    expect(d.booster).toEqual({ boosterId: 'strike', cellId: 6 })
    expect(replyAfter(game, list, 'veryHard', BAR)).toBe('NOT_AVAILABLE_CELLS_USED')
  })

  test('no booster without the score for it, or with boosters off', () => {
    const poor = activeGame(BOARD)
    poor.players[0].score = 19
    expect(decide(poor, 'veryHard', list)!.booster).toBeUndefined()
    const off = activeGame(BOARD, { boostersOn: false })
    off.players[0].score = 100
    expect(decide(off, 'veryHard', list)!.booster).toBeUndefined()
  })

  test('no booster when nothing threatens: points are kept', () => {
    const game = activeGame(`
      r0 a0 b0 c0 d0
      s. t. u. v. w.
      e. f. m. n. o.
      g. h. i. j. k.
      l1 p1 x1 y1 z1
    `)
    game.players[0].score = 500
    const d = decide(game, 'veryHard', ['rat', 'bus', 'cud', 'dew'])!
    expect(d.booster).toBeUndefined()
  })
})
