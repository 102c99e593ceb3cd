import { describe, expect, test } from 'bun:test'
import { applyTurn, checkBooster, ErrorCode, type Game, type TurnInput } from '../../engine/index.ts'
import { activeGame, availabilityText, ownersText, T0, words } from './support/text-board.ts'

// Side 0 holds the top rows, side 1 the bottom ones; the middle row is contested.
const BOARD = `
  c0 a0 t0 s0
  o0 x0 e0 b0
  d1 o1 g. n1
  r1 a1 t1 e1
`
const dict = words('axe', 'tag', 'god', 'ego', 'bog', 'beg', 'tab', 'bet', 'nab', 'ten')

function withScore(score: number, opts = {}): Game {
  const game = activeGame(BOARD, opts)
  game.players[0].score = score
  return game
}

function run(game: Game, input: TurnInput, now = T0 + 1000) {
  const before = structuredClone(game)
  const r = applyTurn(game, input, dict, now)
  if (!r.ok) expect(game).toEqual(before)
  return r
}

describe('boosters (RULES §5)', () => {
  test("freeze costs 20, freezes the cell through the opponent's next turn, then thaws", () => {
    const game = withScore(25)
    // Side 0 plays "ego" (e, g, o) with a freeze on n (cell 11): side 1 cannot use n next turn.
    const r = run(game, { side: 0, cellIds: [6, 10, 9], booster: { boosterId: 'freeze', cellId: 11 } })
    if (!r.ok) throw new Error(r.error)
    const g = r.value.game
    expect(g.players[0].score).toBe(25 - 20 + 1 + 1) // g neutral (1) + o of side 1 (1)
    expect(g.players[0].boosters.find((b) => b.id === 'freeze')?.usage).toBe(1)
    expect(g.board.cells[11].specials.freeze).toEqual({
      side: 0,
      boosterId: 'freeze',
      cellId: 11,
      activeTillTurn: 1,
    })
    expect(g.board.cells[11].available).toBeNull()
    // Side 1 tries a word through the frozen cell and is refused.
    const blocked = applyTurn(g, { side: 1, cellIds: [11, 15, 14] }, dict, T0 + 2000)
    expect(blocked.ok ? 'accepted' : blocked.error).toBe(ErrorCode.NOT_AVAILABLE_CELLS_USED)
    // Side 1 plays elsewhere; once its turn has passed, n thaws.
    const played = applyTurn(g, { side: 1, cellIds: [14, 15, 10] }, words('teg'), T0 + 2000)
    if (!played.ok) throw new Error(played.error)
    expect(played.value.game.board.cells[11].specials.freeze).toBeUndefined()
    expect(played.value.game.board.cells[11].available).not.toBeNull()
  })

  test('strike turns an enemy cell outside the enemy base row neutral', () => {
    const game = withScore(60)
    const r = run(game, { side: 0, cellIds: [6, 10, 9], booster: { boosterId: 'strike', cellId: 8 } })
    if (!r.ok) throw new Error(r.error)
    expect(ownersText(r.value.game).split('\n')[2]).toBe('d. o0 g0 n1')
    expect(r.value.game.players[0].score).toBe(60 - 50 + 1 + 1)
  })

  test('strike is refused on own cells, neutral cells and the enemy base row (BAD_CELLS)', () => {
    const game = withScore(60)
    for (const cellId of [5, 10, 12]) {
      const r = run(game, { side: 0, cellIds: [6, 10, 9], booster: { boosterId: 'strike', cellId } })
      expect(r.ok ? 'accepted' : r.error).toBe(ErrorCode.BAD_CELLS)
    }
  })

  test('mutation changes the letter, keeps the old one for display; bad letters are BAD_REQUEST', () => {
    const game = withScore(30)
    // Mutate x (cell 5) into "b": side 0 can then play "bog"? No: play "axe" is gone; mutate g (10) into "n" and play "ten".
    const r = run(game, {
      side: 0,
      cellIds: [2, 6, 10],
      booster: { boosterId: 'mutation', cellId: 10, mutationLetter: 'n' },
    })
    if (!r.ok) throw new Error(r.error)
    expect(r.value.word).toBe('ten')
    expect(r.value.game.board.cells[10].letter).toBe('n')
    expect(r.value.game.board.cells[10].specials.mutation).toMatchObject({
      oldLetter: 'g',
      mutationLetter: 'n',
    })
    // The same letter, a letter from another alphabet, two letters, a cell on the enemy base row.
    const refused: [number, string, ErrorCode][] = [
      [10, 'g', ErrorCode.BAD_REQUEST],
      [10, 'я', ErrorCode.BAD_REQUEST],
      [10, 'ab', ErrorCode.BAD_REQUEST],
      [13, 'b', ErrorCode.BAD_CELLS],
    ]
    for (const [cellId, mutationLetter, error] of refused) {
      const bad = run(game, {
        side: 0,
        cellIds: [6, 10, 9],
        booster: { boosterId: 'mutation', cellId, mutationLetter },
      })
      expect(bad.ok ? 'accepted' : bad.error).toBe(error)
    }
  })

  test('NO_SCORE_ENOUGH when the score is below the cost; the cost doubles with each use', () => {
    const poor = withScore(19)
    const r = run(poor, { side: 0, cellIds: [6, 10, 9], booster: { boosterId: 'freeze', cellId: 11 } })
    expect(r.ok ? 'accepted' : r.error).toBe(ErrorCode.NO_SCORE_ENOUGH)
    const rich = withScore(100)
    rich.players[0].boosters.find((b) => b.id === 'freeze')!.usage = 2
    const check = checkBooster(rich, 0, { boosterId: 'freeze', cellId: 11 }, T0 + 1000)
    expect(check).toEqual({ ok: true, value: { cost: 80 } })
  })

  test('no booster on a frozen cell, and none at all when boosters are off', () => {
    const game = withScore(100)
    game.board.cells[11].specials.freeze = { side: 1, boosterId: 'freeze', cellId: 11, activeTillTurn: 3 }
    expect(checkBooster(game, 0, { boosterId: 'mutation', cellId: 11, mutationLetter: 'a' }, T0)).toEqual({
      ok: false,
      error: ErrorCode.BAD_CELLS,
    })
    const off = activeGame(BOARD, { boostersOn: false })
    off.players[0].score = 100
    expect(checkBooster(off, 0, { boosterId: 'freeze', cellId: 11 }, T0)).toEqual({
      ok: false,
      error: ErrorCode.BAD_REQUEST,
    })
  })

  test('the booster check answers its cost and changes nothing; out of turn it is NOT_YOUR_TURN', () => {
    const game = withScore(40)
    const before = structuredClone(game)
    expect(checkBooster(game, 0, { boosterId: 'strike', cellId: 8 }, T0)).toEqual({
      ok: false,
      error: ErrorCode.NO_SCORE_ENOUGH,
    })
    expect(checkBooster(game, 0, { boosterId: 'mutation', cellId: 8, mutationLetter: 'b' }, T0)).toEqual({
      ok: true,
      value: { cost: 30 },
    })
    expect(checkBooster(game, 1, { boosterId: 'freeze', cellId: 8 }, T0)).toEqual({
      ok: false,
      error: ErrorCode.NOT_YOUR_TURN,
    })
    expect(game).toEqual(before)
    expect(availabilityText(game)).toBe(availabilityText(before))
  })
})
