import { describe, expect, test } from 'bun:test'
import { applyTurn, type BoosterUse, type Game, type Side } from '../../../engine/index.ts'
import {
  type HistoryStep,
  ReplayError,
  replayTurns,
  reviewGame,
  reviewTurn,
  startingLetters,
} from '../../../engine/server.ts'
import { simpleMoveSource } from '../support/simple-moves.ts'
import { activeGame, words } from '../support/text-board.ts'

/** Plays turns from a game as the server would, keeping the history rows it would store. */
function script(start: Game, list: string[]) {
  const dict = words(...list)
  let game = start
  const history: HistoryStep[] = []
  const play = (side: Side, cellIds: number[], booster?: BoosterUse) => {
    const r = applyTurn(game, { side, cellIds, booster }, dict, game.turnStartedAt ?? 0)
    if (!r.ok) throw new Error(`turn ${cellIds} refused: ${r.error}`)
    game = r.value.game
    history.push({ ts: game.ts, events: r.value.events, changes: r.value.changes })
  }
  return { play, history, final: () => game, src: { dict, moves: simpleMoveSource(list) } }
}

// A fresh 3×3 board: side 0 owns a b c, side 1 owns g h i.
const FRESH = `
  a0 b0 c0
  d. e. f.
  g1 h1 i1
`
const LIST = ['ade', 'ifh', 'ghi', 'bef', 'hed']
const ADE = [0, 3, 4]
const IFH = [8, 5, 7]
const GHI = [6, 7, 8]
const BEF = [1, 4, 5]

describe('post-game review', () => {
  test('the word played, the best word, a win taken', () => {
    const s = script(activeGame(FRESH, { boostersOn: false }), LIST)
    s.play(0, ADE)
    s.play(1, IFH)
    s.play(0, GHI) // takes all of side 1's base row
    expect(s.final().state).toBe('over')
    const review = reviewGame(s.final(), s.history, s.src, [4.5, 4.2])
    expect(review.turns.map((t) => [t.side, t.played.word])).toEqual([
      [0, 'ade'],
      [1, 'ifh'],
      [0, 'ghi'],
    ])
    const last = review.turns[2]
    expect(last).toMatchObject({ won: true, bestPlayed: true, marks: [], rank: 1 })
    expect(last.best).toEqual({ word: 'ghi', cellIds: GHI, points: 15 })
    expect(last.played.points).toBe(15)
    expect(review.summary[0]).toMatchObject({ turns: 2, missedWins: 0, missedSaves: 0 })
    expect(review.openings).toEqual({ values: [4.5, 4.2], fair: true })
  })

  test('a winning word left on the board is marked missedWin and counted', () => {
    const s = script(activeGame(FRESH, { boostersOn: false }), LIST)
    s.play(0, ADE)
    s.play(1, IFH)
    s.play(0, BEF) // "ghi" would have won
    s.play(1, [7, 4, 3]) // hed
    const review = reviewGame(s.final(), s.history, s.src, null)
    const missed = review.turns[2]
    expect(missed.played).toEqual({ word: 'bef', cellIds: BEF, points: 2 })
    expect(missed.best?.word).toBe('ghi')
    expect(missed.marks).toEqual(['missedWin'])
    expect(missed.bestPlayed).toBe(false)
    expect(missed.won).toBe(false)
    expect(review.summary[0].missedWins).toBe(1)
    expect(review.summary[0].bestPoints - review.summary[0].points).toBe(13)
    expect(review.summary[1].missedWins).toBe(0)
    expect(review.openings).toBeNull()
  })

  test('a word that lets the opponent win while another would not is marked missedSave', () => {
    // Side 0 holds one base cell (r). "glp" takes two rich enemy cells but leaves "tar" to side 1,
    // which takes r and wins; "tar" itself would have saved the base (the lookahead test's board).
    const before = activeGame(
      `
      r0 a1 b. c1 d1
      s. t1 u. v. w.
      e. f. m. n. o.
      g0 h0 i0 j. k.
      l1:9 p1:9 x1 y1 z1
    `,
      { boostersOn: false },
    )
    const list = ['glp', 'him', 'tar']
    const dict = words(...list)
    const played = applyTurn(before, { side: 0, cellIds: [15, 20, 21] }, dict, before.turnStartedAt!)
    if (!played.ok) throw new Error(played.error)
    const event = played.value.events[0]
    if (event.type !== 'turn') throw new Error('no turn event')
    const review = reviewTurn(
      { before, after: played.value.game, event, ts: played.value.game.ts },
      { dict, moves: simpleMoveSource(list) },
    )
    expect(review.marks).toEqual(['missedSave'])
    expect(review.best?.word).toBe('tar')
    expect(review.played.points).toBe(18)
    expect(review.rank).toBe(1) // the heuristic alone likes the greedy word best: the look-ahead does not
  })

  test('the starting letters come back from the first mutation of each cell', () => {
    const start = activeGame(FRESH)
    start.players[1].score = 100
    start.turnAvailable = 1
    const s = script(start, ['ihz', 'hzq'])
    // Side 1 mutates f (5) into z and plays i h z; later mutates the same cell again.
    s.play(1, [8, 7, 5], { boosterId: 'mutation', cellId: 5, mutationLetter: 'z' })
    expect(s.final().board.cells[5].letter).toBe('z')
    expect(startingLetters(s.final(), s.history)).toEqual([...'abcdefghi'])
  })

  test('a history that does not lead from a fresh board is refused, not reviewed wrongly', () => {
    // The game starts with side 1 already holding f: the rebuilt fresh board disagrees.
    const s = script(
      activeGame(
        `
        a0 b0 c0
        d. e. f1
        g1 h1 i1
      `,
        { boostersOn: false },
      ),
      LIST,
    )
    s.play(0, ADE)
    expect(() => replayTurns(s.final(), s.history)).toThrow(ReplayError)
  })
})
