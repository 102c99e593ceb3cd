import { describe, expect, test } from 'bun:test'
import { dangerMap } from '../../../engine/server.ts'
import { simpleMoveSource } from '../support/simple-moves.ts'
import { activeGame } from '../support/text-board.ts'

// Side 1 holds g (id 6) next to side 0's base row. "gbc" (6 1 2) cuts into the base row, "hgm"
// (7 6 12) reaches it (3 becomes open to side 1), "glq" (6 11 16) goes the other way.
const BOARD = `
  a0 b0 c0 d0 e0
  f. g1 h. i. j.
  k. l. m. n. o.
  p. q. r. s. t.
  u1 v1 w1 x1 y1
`

describe('danger map', () => {
  test('cut cells at level 2, reach cells at level 1, the base cells at stake as targets', () => {
    const game = activeGame(BOARD)
    const map = dangerMap(game, 0, simpleMoveSource(['gbc', 'hgm', 'glq']))
    expect(map.targets).toEqual([1, 2])
    expect(map.cells).toEqual([
      { cellId: 6, level: 2 },
      { cellId: 7, level: 1 },
      { cellId: 12, level: 1 },
    ])
    expect(map.threats).toEqual({ cut: 1, reach: 1 })
    expect(map.winning).toBe(false)
  })

  test('a word already played is no threat; a board without threats is an empty map', () => {
    const game = activeGame(BOARD)
    game.wordsUsed = ['gbc', 'hgm']
    const map = dangerMap(game, 0, simpleMoveSource(['gbc', 'hgm', 'glq']))
    expect(map).toEqual({ side: 0, cells: [], targets: [], winning: false, threats: { cut: 0, reach: 0 } })
  })

  test('a word that takes the last base cell is flagged winning', () => {
    const game = activeGame(`
      a1 b1 c0 d1 e1
      f. g1 h. i. j.
      k. l. m. n. o.
      p. q. r. s. t.
      u1 v1 w1 x1 y1
    `)
    const map = dangerMap(game, 0, simpleMoveSource(['gch']))
    expect(map.winning).toBe(true)
    expect(map.targets).toEqual([2])
  })

  test('the map of side 1 looks at side 0 words and side 1 base cells', () => {
    const game = activeGame(`
      a0 b0 c0 d0 e0
      f. g. h. i. j.
      k. l. m. n. o.
      p. q. r0 s. t.
      u1 v1 w1 x1 y1
    `)
    const map = dangerMap(game, 1, simpleMoveSource(['rwx', 'rsn']))
    expect(map.targets).toEqual([22, 23])
    expect(map.cells.find((c) => c.cellId === 17)).toEqual({ cellId: 17, level: 2 })
    // "rsn" (17 18 13) leaves side 0 next to 24, which was not open to it before.
    expect(map.cells.find((c) => c.cellId === 18)).toEqual({ cellId: 18, level: 1 })
    expect(map.threats).toEqual({ cut: 1, reach: 1 })
  })
})
