import { describe, expect, test } from 'bun:test'
import {
  emptyGameStats,
  emptyPlayerStats,
  finishGameDraft,
  type Game,
  mergeIntoProfileStats,
  type PlayerStats,
  recordTurnDraft,
} from '../../engine/index.ts'
import { BOARD3, makeGame, playOn, T0 } from './support/make-game.ts'

function played(board: string, cells: number[], extra: Parameters<typeof playOn>[3] = {}, scoreBefore = 0) {
  const { draft, facts } = playOn(makeGame(board, { scores: [scoreBefore, 0] }), 0, cells, extra)
  recordTurnDraft(draft, facts)
  return draft.stats[0]
}

describe('recordTurnDraft: one side’s counters in one game', () => {
  test('"adef" takes d (enemy, 3 pts), e (enemy, 2) and f (neutral, 1)', () => {
    const s = played(
      `
      a0 b0 c0 x0
      d1:3 e1:2 f. y.
      g. h. i. z.
      j1 k1 l1 w1
    `,
      [0, 4, 5, 6],
    )
    expect(s).toEqual({
      ...emptyGameStats(),
      turns: 1,
      wordsPlayed: 1,
      lettersPlayed: 4,
      longestWord: 'adef',
      scoreReached: 6,
      bestTurnScore: 6,
      richestCell: 3,
      enemyCellsCaptured: 2,
      richestEnemyCellCaptured: 3,
      ingame_minEnemyCellsLeft: 4, // j k l w remain
    })
  })

  test('a neutral capture is not an enemy capture; the richest cell may be neutral', () => {
    const s = played('a0 b0 c0 \n d.:4 e. f. \n g1 h1 i1', [0, 3])
    expect(s).toMatchObject({ richestCell: 4, enemyCellsCaptured: 0, richestEnemyCellCaptured: 0 })
  })

  test('taking an enemy base cell and retaking an own one count once per turn each', () => {
    const base = played('a0 b0 c0 \n d0 e. f. \n g1 h1 i1', [3, 6, 7])
    expect(base).toMatchObject({ baseCellsCaptured: 1, baseCellsRetaken: 0, ingame_minEnemyCellsLeft: 1 })
    const retaken = played('a1 b1 c0 \n d. e. f. \n g1 h1 i1', [2, 1, 0])
    expect(retaken).toMatchObject({ baseCellsCaptured: 0, baseCellsRetaken: 1, enemyCellsCaptured: 2 })
  })

  test('boosters are counted by kind', () => {
    const s = played(BOARD3, [0, 3], { booster: { boosterId: 'strike', cellId: 7 } })
    expect(s.boostersUsed).toEqual({ freeze: 0, mutation: 0, strike: 1 })
  })

  test('scoreReached keeps the highest score even after points are spent', () => {
    const game = makeGame(undefined, { scores: [40, 0] })
    const first = playOn(game, 0, [0, 3, 4])
    recordTurnDraft(first.draft, first.facts)
    expect(first.draft.stats[0].scoreReached).toBe(42)
    first.draft.players[0].score = 2 // spent 40 on boosters
    const second = playOn(first.draft, 0, [4, 5])
    recordTurnDraft(second.draft, second.facts)
    expect(second.draft.stats[0]).toMatchObject({
      scoreReached: 42,
      turns: 2,
      lettersPlayed: 5,
      longestWord: 'ade',
    })
  })

  test('the longest word keeps the first of equal length; the enemy minimum only falls', () => {
    const game = makeGame()
    const a = playOn(game, 0, [0, 3, 4])
    recordTurnDraft(a.draft, a.facts)
    a.draft.board.cells[3].owner = 1 // the enemy comes back: more enemy cells than before
    const b = playOn(a.draft, 0, [1, 4, 5])
    recordTurnDraft(b.draft, b.facts)
    expect(b.draft.stats[0]).toMatchObject({ longestWord: 'ade', ingame_minEnemyCellsLeft: 3 })
  })
})

describe('mergeIntoProfileStats', () => {
  function finished(winner: 0 | 1 | null, reason: 'gameover' | 'giveup' = 'gameover'): Game {
    const g = makeGame()
    g.stats[0] = {
      ...emptyGameStats(),
      turns: 7,
      wordsPlayed: 7,
      lettersPlayed: 30,
      longestWord: 'planet',
      scoreReached: 44,
      richestCell: 6,
      enemyCellsCaptured: 9,
      richestEnemyCellCaptured: 5,
      ingame_minEnemyCellsLeft: 2,
    }
    finishGameDraft(g, winner, reason, T0 + 600_000)
    return g
  }
  const profile: PlayerStats = {
    ...emptyPlayerStats(),
    gamesPlayed: 4,
    wins: 2,
    losses: 2,
    consecutiveWins: 2,
    maxConsecutiveWins: 2,
    consecutiveLosses: 0,
    maxConsecutiveLosses: 2,
    turns: 20,
    lettersPlayed: 100,
    longestWord: 'zebras',
    richestCell: 8,
    richestEnemyCellCaptured: 3,
    scoreReached: 150,
    longestGame: 300,
    totalRatingGot: 40,
    maxRatingGot: 20,
    ingame_minEnemyCellsLeft: 4,
  }
  /** The profile after one more game: a public 600 s game not given up, unless `o` says otherwise. */
  const merge = (
    game: Game,
    o: { won: boolean; ratingDelta: number; giveup?: boolean; isPrivate?: boolean },
    before = profile,
  ) => mergeIntoProfileStats(before, game, 0, { giveup: false, isPrivate: false, durationSec: 600, ...o })

  test('a win: totals add, records keep the best, the series grows', () => {
    const s = merge(finished(0), { won: true, ratingDelta: 16 })
    expect(s).toEqual({
      ...profile,
      gamesPlayed: 5,
      wins: 3,
      consecutiveWins: 3,
      maxConsecutiveWins: 3,
      turns: 27,
      wordsPlayed: 7,
      lettersPlayed: 130,
      longestWord: 'zebras', // 'planet' is no longer
      richestCell: 8,
      richestEnemyCellCaptured: 5,
      enemyCellsCaptured: 9,
      scoreReached: 194,
      longestGame: 600,
      totalRatingGot: 56,
      maxRatingGot: 20,
      ingame_minEnemyCellsLeft: 2,
    })
  })

  test('a surrender: a loss and a giveup; the win series ends, the loss series starts', () => {
    const s = merge(finished(1, 'giveup'), { won: false, giveup: true, ratingDelta: -25, isPrivate: true })
    expect(s).toMatchObject({
      losses: 3,
      giveups: 1,
      winsByGiveups: 0,
      consecutiveWins: 0,
      maxConsecutiveWins: 2,
      consecutiveLosses: 1,
      maxConsecutiveLosses: 2,
      totalRatingLost: 25,
      maxRatingLost: 25,
      privateGamesPlayed: 1,
    })
  })

  test('the opponent surrendered: a win by giveup', () => {
    const s = merge(finished(0, 'giveup'), { won: true, ratingDelta: 1 })
    expect(s).toMatchObject({ wins: 3, winsByGiveups: 1, giveups: 0 })
  })

  test('no winner: neither a win nor a loss, both series end', () => {
    const s = merge(finished(null), { won: false, ratingDelta: 0 })
    expect(s).toMatchObject({ wins: 2, losses: 2, gamesPlayed: 5, consecutiveWins: 0, consecutiveLosses: 0 })
  })

  test('a first game takes the game’s minimum as it is (no minimum yet is -1)', () => {
    expect(emptyPlayerStats().ingame_minEnemyCellsLeft).toBe(-1)
    const s = merge(finished(0), { won: true, ratingDelta: 16 }, emptyPlayerStats())
    expect(s).toMatchObject({ ingame_minEnemyCellsLeft: 2, longestWord: 'planet', maxRatingGot: 16 })
  })
})
