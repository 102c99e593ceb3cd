import { describe, expect, test } from 'bun:test'
import { AI_LEVELS, applyTurn, chooseHint, chooseMove, createRng, type Game } from '../../../engine/index.ts'
import { simpleMoveSource } from '../support/simple-moves.ts'
import { activeGame, words } from '../support/text-board.ts'

function decide(game: Game, level: (typeof AI_LEVELS)[number], list: string[], seed = 1) {
  return chooseMove(game, game.turnAvailable!, level, words(...list), simpleMoveSource(list), createRng(seed))
}

describe('computer levels (RULES §8)', () => {
  const WIN = `
    c0 a0 t0
    o0 x. e.
    d1 o. g.
  `
  test('hard and very hard take a winning word when there is one', () => {
    const list = ['cod', 'axe', 'tax']
    for (const level of ['hard', 'veryHard'] as const) {
      expect(decide(activeGame(WIN), level, list)?.word).toBe('cod')
    }
  })

  test('very easy plays short words only', () => {
    const game = activeGame(`
      s0 t0 r0 e0
      a. m. e. r.
      n. o. d. s.
      e1 x1 y1 z1
    `)
    const list = ['stream', 'streamer', 'ream', 'sam', 'tam']
    for (let seed = 0; seed < 20; seed++) {
      const d = decide(game, 'veryEasy', list, seed)
      expect(d!.word.length).toBeLessThanOrEqual(4)
    }
  })

  test('easy picks from the lower half by points', () => {
    const game = activeGame(`
      a0 b0 c0 d0
      e. f.:9 g. h.
      i. j. k. l.
      m1 n1 o1 p1
    `)
    const list = ['abe', 'bag', 'bfg', 'dhg']
    for (let seed = 0; seed < 20; seed++) {
      expect(decide(game, 'easy', list, seed)!.word).not.toBe('bfg')
    }
    expect(decide(game, 'hard', list)!.word).toBe('bfg')
  })

  test('the same seed gives the same choice; no playable word gives null', () => {
    const game = activeGame(WIN)
    const list = ['cod', 'axe', 'tax', 'cot', 'oxe', 'tea']
    expect(decide(game, 'medium', list, 5)).toEqual(decide(game, 'medium', list, 5))
    expect(decide(game, 'hard', ['zzz'])).toBeNull()
  })

  test('very hard freezes the cell a winning reply needs when no word of its own can stop it', () => {
    const game = activeGame(`
      r0 a1 b1 c1 d1
      s1 t1 u. v. w.
      e. f. m. n. o.
      g0 h0 i0 j. k.
      l1 p1 x1 y1 z1
    `)
    game.players[0].score = 25
    const list = ['hip', 'him', 'tar']
    expect(decide(game, 'hard', list)?.booster).toBeUndefined()
    const d = decide(game, 'veryHard', list)
    expect(d?.booster).toEqual({ boosterId: 'freeze', cellId: 6 })
    // The decision is legal, and the opponent's winning word is then refused.
    const after = applyTurn(
      game,
      { side: 0, cellIds: d!.cellIds, booster: d!.booster },
      words(...list),
      game.turnStartedAt!,
    )
    if (!after.ok) throw new Error(after.error)
    const reply = applyTurn(
      after.value.game,
      { side: 1, cellIds: [6, 1, 0] },
      words(...list),
      game.turnStartedAt!,
    )
    expect(reply.ok ? 'accepted' : reply.error).toBe('NOT_AVAILABLE_CELLS_USED')
  })

  test('every level answers a legal move on a real position', () => {
    const list = ['cod', 'axe', 'tax', 'cot', 'tea', 'ate']
    for (const level of AI_LEVELS) {
      const game = activeGame(WIN)
      const d = decide(game, level, list)
      expect(d).not.toBeNull()
      expect(
        applyTurn(
          game,
          { side: 0, cellIds: d!.cellIds, booster: d!.booster },
          words(...list),
          game.turnStartedAt!,
        ).ok,
      ).toBe(true)
    }
  })
})

describe('hints (RULES §6)', () => {
  test('a hint is one of the five best words and never a word already played', () => {
    const game = activeGame(`
      c0 a0 t0
      o0 x. e.
      d1 o. g.
    `)
    const list = ['cod', 'axe', 'tax', 'tea', 'ate', 'cox']
    game.wordsUsed.push('cod')
    const seen = new Set<string>()
    for (let seed = 0; seed < 30; seed++)
      seen.add(chooseHint(game, 0, simpleMoveSource(list), createRng(seed))!.word)
    expect(seen.has('cod')).toBe(false)
    expect(seen.size).toBeGreaterThan(1)
    expect(chooseHint(game, 0, simpleMoveSource(['zzz']), createRng(1))).toBeNull()
  })
})
