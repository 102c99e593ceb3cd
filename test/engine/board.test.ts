import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import {
  type Board,
  boardFromLetters,
  neighbourTable,
  recomputeAvailability,
  updateAvailability,
} from '../../engine/index.ts'
import { activeGame, availabilityText } from './support/text-board.ts'

describe('neighbours', () => {
  test('corner, edge and middle cells of a 3×3 board', () => {
    const t = neighbourTable(3)
    expect([...t[0]].sort()).toEqual([1, 3, 4])
    expect([...t[1]].sort()).toEqual([0, 2, 3, 4, 5])
    expect([...t[4]].sort()).toEqual([0, 1, 2, 3, 5, 6, 7, 8])
  })
})

describe('availability (RULES §2)', () => {
  test('a fresh 4×4 board: the rows next to each base belong to that base, the rest to nobody', () => {
    const game = activeGame(`
      a0 b0 c0 d0
      e. f. g. h.
      i. j. k. l.
      m1 n1 o1 p1
    `)
    expect(availabilityText(game)).toBe(['0 0 0 0', '0 0 0 0', '1 1 1 1', '1 1 1 1'].join('\n'))
  })

  test('cells near both sides are available to any; a frozen cell to nobody and it does not count', () => {
    const game = activeGame(`
      a0 b0 c0
      d1 e. f.*
      g1 h1 i1
    `)
    expect(availabilityText(game)).toBe(['* * 0', '* * -', '1 1 1'].join('\n'))
  })

  test('a frozen own cell gives no availability to its neighbours', () => {
    const game = activeGame(`
      a. b. c.
      d. e0* f.
      g. h. i.
    `)
    expect(availabilityText(game)).toBe(['- - -', '- - -', '- - -'].join('\n'))
  })

  const cellArb = fc.record({ owner: fc.constantFrom(0, 1, 9, 9), frozen: fc.boolean() })

  test('incremental recomputation equals a full recomputation (property, thousands of positions)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 8 }).chain((size) =>
          fc.record({
            size: fc.constant(size),
            before: fc.array(cellArb, { minLength: size * size, maxLength: size * size }),
            changes: fc.array(
              fc.record({ id: fc.integer({ min: 0, max: size * size - 1 }), cell: cellArb }),
              { maxLength: 6 },
            ),
          }),
        ),
        ({ size, before, changes }) => {
          const board: Board = boardFromLetters(Array(size * size).fill('a'), size)
          const set = (id: number, c: { owner: number; frozen: boolean }) => {
            board.cells[id].owner = c.owner as 0 | 1 | 9
            if (c.frozen)
              board.cells[id].specials.freeze = {
                side: 0,
                boosterId: 'freeze',
                cellId: id,
                activeTillTurn: 9,
              }
            else delete board.cells[id].specials.freeze
          }
          before.forEach((c, id) => {
            set(id, c)
          })
          recomputeAvailability(board)
          for (const ch of changes) set(ch.id, ch.cell)
          updateAvailability(
            board,
            changes.map((c) => c.id),
          )
          const incremental = board.cells.map((c) => c.available)
          recomputeAvailability(board)
          expect(incremental).toEqual(board.cells.map((c) => c.available))
        },
      ),
      { numRuns: 3000 },
    )
  })
})
