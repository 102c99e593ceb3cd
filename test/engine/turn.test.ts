import { describe, expect, test } from 'bun:test'
import { applyTurn, ErrorCode, type Game, type TurnInput } from '../../engine/index.ts'
import { expectGameOver } from './support/make-game.ts'
import { activeGame, availabilityText, ownersText, T0, words } from './support/text-board.ts'

const BOARD = `
  c0 a0 t0 s0
  o. x. e. b.
  d. o. g. n.
  r1 a1 t1 e1
`
const dict = words('axe', 'cod', 'tax', 'cat', 'box', 'god', 'dog', 'oxen', 'rat', 'tag', 'co')

function refused(game: Game, input: TurnInput, now = T0 + 1000) {
  const before = structuredClone(game)
  const result = applyTurn(game, input, dict, now)
  expect(game).toEqual(before) // a refused turn changes nothing
  return result.ok ? 'accepted' : result.error
}

describe('a valid turn (RULES §3 effect)', () => {
  test('"axe" by side 0 captures x and e, scores their values, and passes the turn', () => {
    const game = activeGame(BOARD)
    const r = applyTurn(game, { side: 0, cellIds: [1, 5, 6] }, dict, T0 + 5000)
    if (!r.ok) throw new Error(r.error)
    const g = r.value.game
    expect(r.value.word).toBe('axe')
    expect(r.value.score).toBe(2)
    expect(ownersText(g)).toBe(['c0 a0 t0 s0', 'o. x0 e0 b.', 'd. o. g. n.', 'r1 a1 t1 e1'].join('\n'))
    expect(availabilityText(g)).toBe(['0 0 0 0', '0 0 0 0', '* * * *', '1 1 1 1'].join('\n'))
    expect(g.board.cells[5]).toMatchObject({ score: 2, taken_count: 1, lastTurnPlayed: 0 })
    expect(g.board.cells[1]).toMatchObject({ score: 5, taken_count: 0, lastTurnPlayed: 0 })
    expect(g.players[0].score).toBe(2)
    expect(g.wordsUsed).toEqual(['axe'])
    expect(g.turn).toBe(1)
    expect(g.turnAvailable).toBe(1)
    expect(g.turnStartedAt).toBe(T0 + 5000)
    expect(g.ts).toBe(game.ts + 1)
    expect(r.value.events[0]).toEqual({
      type: 'turn',
      side: 0,
      word: 'axe',
      scoreReached: 2,
      cellIds: [1, 5, 6],
      score: 2,
    })
  })

  test('capturing a base cell scores its 5 points and counts as a capture of that side', () => {
    const game = activeGame(`
      c0 a0 t0
      o0 x. e.
      d1 o1 g1
    `)
    const r = applyTurn(game, { side: 0, cellIds: [0, 3, 6] }, dict, T0 + 1000)
    if (!r.ok) throw new Error(r.error)
    // o was already side 0's: only d (a base cell worth 5) is captured, and it now scores 6.
    expect(r.value.score).toBe(5)
    expect(r.value.game.board.cells[6]).toMatchObject({ owner: 0, score: 6, taken_count: 1 })
    expect(r.value.game.state).toBe('active')
  })

  test('taking the last base cell of the enemy ends the game: side 0 wins by gameover', () => {
    const game = activeGame(`
      c0 a0 t0
      o0 x. e.
      d1 o. g.
    `)
    const r = applyTurn(game, { side: 0, cellIds: [0, 3, 6] }, dict, T0 + 1000)
    if (!r.ok) throw new Error(r.error)
    expectGameOver(r.value, 0, 'gameover', { isFinished: true })
  })
})

describe('refused turns answer the first broken rule and change nothing', () => {
  test('GAME_NOT_ACTIVE when the game has not started or is over', () => {
    const game = activeGame(BOARD)
    game.state = 'countingDown'
    expect(refused(game, { side: 0, cellIds: [1, 5, 6] })).toBe(ErrorCode.GAME_NOT_ACTIVE)
    game.state = 'over'
    expect(refused(game, { side: 0, cellIds: [1, 5, 6] })).toBe(ErrorCode.GAME_NOT_ACTIVE)
  })

  test('NOT_YOUR_TURN for the side that does not hold the turn', () => {
    expect(refused(activeGame(BOARD), { side: 1, cellIds: [12, 9, 8] })).toBe(ErrorCode.NOT_YOUR_TURN)
  })

  test('TIME_IS_UP after the blitz turn limit (90 s) has passed', () => {
    const game = activeGame(BOARD, { timeMode: 'blitz' })
    expect(refused(game, { side: 0, cellIds: [1, 5, 6] }, T0 + 91_000)).toBe(ErrorCode.TIME_IS_UP)
    expect(applyTurn(game, { side: 0, cellIds: [1, 5, 6] }, dict, T0 + 89_000).ok).toBe(true)
  })

  test('BAD_CELLS: a gap in the path, a repeated cell, an id off the board, an empty path, a non-integer', () => {
    const game = activeGame(BOARD)
    expect(refused(game, { side: 0, cellIds: [1, 7, 6] })).toBe(ErrorCode.BAD_CELLS) // 1 → 7 is not a neighbour
    expect(refused(game, { side: 0, cellIds: [1, 5, 1] })).toBe(ErrorCode.BAD_CELLS)
    expect(refused(game, { side: 0, cellIds: [1, 5, 16] })).toBe(ErrorCode.BAD_CELLS)
    expect(refused(game, { side: 0, cellIds: [] })).toBe(ErrorCode.BAD_CELLS)
    expect(refused(game, { side: 0, cellIds: [1, 5.5, 6] })).toBe(ErrorCode.BAD_CELLS)
  })

  test('NOT_AVAILABLE_CELLS_USED: "cod" reaches d, which only side 1 may use', () => {
    expect(refused(activeGame(BOARD), { side: 0, cellIds: [0, 4, 8] })).toBe(
      ErrorCode.NOT_AVAILABLE_CELLS_USED,
    )
  })

  test('BAD_CELLS when every cell of the word is already the sender\'s ("cat" on its own base)', () => {
    expect(refused(activeGame(BOARD), { side: 0, cellIds: [0, 1, 2] })).toBe(ErrorCode.BAD_CELLS)
  })

  test('WORD_DOES_NOT_EXIST for a word not in the dictionary and for words under 3 letters', () => {
    const game = activeGame(BOARD)
    expect(refused(game, { side: 0, cellIds: [2, 6, 5] })).toBe(ErrorCode.WORD_DOES_NOT_EXIST) // "tex"
    expect(refused(game, { side: 0, cellIds: [0, 4] })).toBe(ErrorCode.WORD_DOES_NOT_EXIST) // "co"
  })

  test('WORD_IS_ALREADY_USED for a word played earlier in the game', () => {
    const game = activeGame(BOARD)
    game.wordsUsed.push('axe')
    expect(refused(game, { side: 0, cellIds: [1, 5, 6] })).toBe(ErrorCode.WORD_IS_ALREADY_USED)
  })

  test('rules are checked in order: a turn out of turn with bad cells answers NOT_YOUR_TURN', () => {
    expect(refused(activeGame(BOARD), { side: 1, cellIds: [0, 99] })).toBe(ErrorCode.NOT_YOUR_TURN)
  })
})
