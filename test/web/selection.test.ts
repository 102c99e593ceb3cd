import { describe, expect, test } from 'bun:test'
import {
  canPlay,
  dragEnter,
  dragStart,
  effectiveBoard,
  isPlayable,
  nextCells,
  preview,
  tap,
  typeLetter,
} from '../../web/game/selection.ts'
import { drawnGame } from './board-fixture.ts'

// Side 0 owns the top row (and one cell below it); side 1 the bottom row. Ids are row·5 + col.
//   0  1  2  3  4        C A T S E
//   5  6  7  8  9        o n e r d
//  10 11 12 13 14        l i m p a
//  15 16 17 18 19        g u s h y
//  20 21 22 23 24        b o x e n   (side 1)
const game = drawnGame(['CATSE', 'onerd', 'limpa', 'gushy', '*b*o*x*e*n'])
const board = game.board

describe('which cells respond (SPEC.md §5)', () => {
  test.each([
    [0, true, 'an own base cell'],
    [7, true, 'a neighbour of an own cell'],
    [9, true, 'a diagonal neighbour'],
    [12, false, 'two rows away from any own cell'],
    [17, false, 'next to the enemy, not to us'],
    [22, false, 'an enemy cell far from ours'],
  ])('cell %i playable for side 0: %p (%s)', (id, expected) => {
    expect(isPlayable(board, 0, id)).toBe(expected)
  })

  test('side 1 sees its own half', () => {
    expect(isPlayable(board, 1, 17)).toBe(true)
    expect(isPlayable(board, 1, 7)).toBe(false)
  })

  test('only the player to move, in an active game, may select', () => {
    expect(canPlay(game, 0)).toBe(true)
    expect(canPlay(game, 1)).toBe(false)
    expect(canPlay(game, null)).toBe(false)
    expect(canPlay({ ...game, state: 'countingDown' }, 0)).toBe(false)
  })
})

describe('tapping', () => {
  test('a playable cell starts a path; a cell that is not playable changes nothing', () => {
    expect(tap(board, 0, [], 6)).toEqual([6])
    expect(tap(board, 0, [], 12)).toBeNull()
    expect(tap(board, 0, [6], 12)).toBeNull()
  })

  test('a playable neighbour of the last cell extends the path (diagonals too)', () => {
    expect(tap(board, 0, [1], 7)).toEqual([1, 7])
    expect(tap(board, 0, [1, 7], 3)).toEqual([1, 7, 3])
  })

  test('a playable cell that is not a neighbour moves a one-letter path, but never drops a word', () => {
    expect(tap(board, 0, [0], 9)).toEqual([9])
    expect(tap(board, 0, [0, 5], 9)).toBeNull()
  })

  test('the last cell again takes it back; an earlier cell cuts the path after it', () => {
    expect(tap(board, 0, [1, 7, 3], 3)).toEqual([1, 7])
    expect(tap(board, 0, [1, 7, 3, 9], 7)).toEqual([1, 7])
    expect(tap(board, 0, [1], 1)).toEqual([])
  })
})

describe('dragging', () => {
  test('a drag starts on a playable cell, or goes on from the end of the current path', () => {
    expect(dragStart(board, 0, [], 5)).toEqual([5])
    expect(dragStart(board, 0, [], 12)).toBeNull()
    expect(dragStart(board, 0, [1, 7], 7)).toEqual([1, 7])
    expect(dragStart(board, 0, [1, 7], 0)).toEqual([0])
  })

  test('entering playable neighbours extends; anything else leaves the path as it is', () => {
    let path = [0]
    path = dragEnter(board, 0, path, 6)
    path = dragEnter(board, 0, path, 7)
    expect(path).toEqual([0, 6, 7])
    expect(dragEnter(board, 0, path, 12)).toEqual([0, 6, 7]) // not playable
    expect(dragEnter(board, 0, path, 0)).toEqual([0, 6, 7]) // already in the path, not the previous cell
    expect(dragEnter(board, 0, [0, 6], 9)).toEqual([0, 6]) // playable but not a neighbour
  })

  test('going back onto the previous cell takes the last one back', () => {
    expect(dragEnter(board, 0, [0, 6, 7], 6)).toEqual([0, 6])
  })
})

describe('what the path says', () => {
  test('the word and the points: own cells score nothing, captured cells their score', () => {
    // t(2, own base) + e(7, free, 1) + r(8, free, 1)
    expect(preview(board, 0, [2, 7, 8])).toEqual({ word: 'ter', points: 2 })
    // Capturing enemy base cells scores their 5.
    const near = drawnGame(['CATSE', 'onerd', 'limpa', 'GUSHY', '*b*o*x*e*n'])
    expect(preview(near.board, 0, [15, 21, 22])).toEqual({ word: 'gox', points: 10 })
  })

  test('the cells that would extend the path', () => {
    expect(nextCells(board, 0, [5]).sort((a, b) => a - b)).toEqual([0, 1, 6])
  })

  test('typing a letter walks to a playable neighbour holding it', () => {
    expect(typeLetter(board, 0, [], 'N')).toEqual([6])
    expect(typeLetter(board, 0, [6], 'e')).toEqual([6, 7])
    expect(typeLetter(board, 0, [6, 7], 'z')).toBeNull()
    expect(typeLetter(board, 0, [], 'm')).toBeNull() // m is not playable
  })
})

describe('a pending booster changes the board being chosen on', () => {
  test('a freeze makes its cell unplayable; a strike frees an enemy cell', () => {
    const g = drawnGame(['CATSE', 'onerd', 'limpa', 'gushy', '*b*o*x*e*n'])
    g.players[0].score = 100
    const frozen = effectiveBoard(g, 0, { boosterId: 'freeze', cellId: 6 })
    expect(isPlayable(frozen, 0, 6)).toBe(false)
    expect(isPlayable(g.board, 0, 6)).toBe(true)
    const near = drawnGame(['CATSE', 'ONERD', 'LImpa', 'g*u*shy', '*b*o*x*e*n'])
    const struck = effectiveBoard(near, 0, { boosterId: 'strike', cellId: 16 })
    expect(struck.cells[16].owner).toBe(9)
  })

  test('a mutation shows its new letter', () => {
    const mutated = effectiveBoard(game, 0, { boosterId: 'mutation', cellId: 7, mutationLetter: 'q' })
    expect(preview(mutated, 0, [2, 7]).word).toBe('tq')
    expect(game.board.cells[7].letter).toBe('e')
  })
})
