import { describe, expect, test } from 'bun:test'
import { AI_LEVELS, applyTurn, createRng, type Game } from '../../../engine/index.ts'
import { chooseMove } from '../../../engine/server.ts'
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

  test('very easy plays a random word of the shortest length it has', () => {
    const game = activeGame(`
      s0 t0 r0 e0
      a. m. e. r.
      n. o. d. s.
      e1 x1 y1 z1
    `)
    const list = ['stream', 'streamer', 'ream', 'sam', 'tam']
    const seen = new Set<string>()
    for (let seed = 0; seed < 20; seed++) seen.add(decide(game, 'veryEasy', list, seed)!.word)
    expect([...seen].sort()).toEqual(['sam', 'tam'])
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

describe('easy and medium', () => {
  test('easy takes a winning word when it has one, very easy does not look for it', () => {
    const game = activeGame(`
      c0 a0 t0
      o0 x. e.
      d1 o. g.
    `)
    const winList = ['cod', 'axe', 'tax', 'tea', 'ate', 'oxe', 'cat']
    for (let seed = 0; seed < 10; seed++) expect(decide(game, 'easy', winList, seed)!.word).toBe('cod')
    const veryEasy = new Set<string>()
    for (let seed = 0; seed < 30; seed++) veryEasy.add(decide(game, 'veryEasy', winList, seed)!.word)
    expect(veryEasy.size).toBeGreaterThan(1)
  })

  test('medium varies between good words, the best one most often', () => {
    const game = activeGame(`
      s0 t0 r0 e0 a0
      a. m. e. r. t.
      n. o. d. s. e.
      e. r. a. t. s.
      e1 x1 y1 z1 q1
    `)
    const many = [
      'stream',
      'steam',
      'mode',
      'modes',
      'ream',
      'team',
      'tea',
      'eat',
      'tram',
      'dream',
      'rat',
      'arm',
      'mat',
      'tar',
    ]
    const best = decide(game, 'hard', many)!.word
    const counts = new Map<string, number>()
    for (let seed = 0; seed < 60; seed++) {
      const w = decide(game, 'medium', many, seed)!.word
      counts.set(w, (counts.get(w) ?? 0) + 1)
    }
    expect(counts.size).toBeGreaterThan(1)
    const most = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0]
    expect(most).toBe(best)
  })
})
