import { describe, expect, test } from 'bun:test'
import {
  emptyPlayerStats,
  expire,
  finishGameDraft,
  type Game,
  giveUp,
  type ProfileProgress,
  recordResults,
  settleGame,
  skipResult,
  skipResultSettlement,
} from '../../engine/index.ts'
import { makeGame, T0 } from './support/make-game.ts'

const profile = (over: Partial<ProfileProgress> = {}): ProfileProgress => ({
  eloPvp: 1200,
  eloPve: 1200,
  stats: emptyPlayerStats(),
  xp: 0,
  level: 0,
  coins: 10,
  awards: { a: {}, b: {} },
  ...over,
})

function finished(winner: 0 | 1, o: Parameters<typeof makeGame>[1] = {}): Game {
  const g = makeGame(undefined, o)
  finishGameDraft(g, winner, 'gameover', T0 + 300_000)
  return g
}

describe('settleGame: pvp', () => {
  test('1200 beats 1200: ±16 on eloPvp, stats, xp 5 and 3, level 1 each, fatality merged', () => {
    const r = settleGame(finished(0), [profile(), profile()])
    expect(r.results).toEqual([
      { skipped: false, ratingDelta: 16 },
      { skipped: false, ratingDelta: -16 },
    ])
    const [p0, p1] = r.profiles
    expect(p0).toMatchObject({ eloPvp: 1216, eloPve: 1200, xp: 5, level: 1, coins: 10 })
    expect(p1).toMatchObject({ eloPvp: 1184, eloPve: 1200, xp: 3, level: 1 })
    expect(p0?.stats).toMatchObject({
      gamesPlayed: 1,
      wins: 1,
      consecutiveWins: 1,
      longestGame: 300,
      totalRatingGot: 16,
    })
    expect(p1?.stats).toMatchObject({ gamesPlayed: 1, losses: 1, totalRatingLost: 16, maxRatingLost: 16 })
    expect(p0?.awards).toEqual({ a: { fatality: 1 }, b: { fatality: 1 } })
    expect(r.sides[0]).toEqual({
      ratingDelta: 16,
      xpGained: 5,
      levelUp: true,
      achievements: [{ id: 'gamesPlayed', level: 1 }],
      coinsRefunded: 0,
    })
  })

  test('xp crosses a threshold: 8 + 3 = 11 xp → level 2; a level is never read from the old value', () => {
    const r = settleGame(finished(1), [profile({ xp: 8, level: 1 }), profile()])
    expect(r.profiles[0]).toMatchObject({ xp: 11, level: 2 })
    expect(r.sides[0]?.levelUp).toBe(true)
  })

  test('champGeneral: an arena rating of 1500 reached', () => {
    const r = settleGame(finished(0), [profile({ eloPvp: 1490 }), profile({ eloPvp: 1490 })])
    expect(r.profiles[0]?.eloPvp).toBe(1506)
    expect(r.profiles[0]?.awards.b.champGeneral).toBe(1)
    expect(r.profiles[1]?.awards.b.champGeneral).toBeUndefined()
  })

  test('unrated games change no rating but still count', () => {
    const r = settleGame(finished(0), [profile(), profile()], { rated: false })
    expect(r.results.map((x) => x.ratingDelta)).toEqual([0, 0])
    expect(r.profiles[0]).toMatchObject({ eloPvp: 1200, xp: 5 })
  })

  test('the input profiles are not changed', () => {
    const p = profile()
    const copy = structuredClone(p)
    settleGame(finished(0), [p, profile()])
    expect(p).toEqual(copy)
  })
})

describe('settleGame: pve', () => {
  test('a loss to the medium computer (1200): −16 on eloPve only; the computer is no profile', () => {
    const r = settleGame(finished(1, { mode: 'pve' }), [profile(), null], { computerLevel: 'medium' })
    expect(r.profiles[0]).toMatchObject({ eloPve: 1184, eloPvp: 1200, xp: 3 })
    expect(r.profiles[1]).toBeNull()
    expect(r.sides[1]).toBeNull()
    expect(r.results).toEqual([
      { skipped: false, ratingDelta: -16 },
      { skipped: false, ratingDelta: 0 },
    ])
  })

  test('a win against veryHard (1800) from 1200: +31, the human on side 1', () => {
    const r = settleGame(finished(1, { mode: 'pve' }), [null, profile()], { computerLevel: 'veryHard' })
    expect(r.profiles[1]?.eloPve).toBe(1231)
    expect(r.profiles[1]?.awards.b.champGeneral).toBeUndefined() // pve rating does not count
  })

  test('a computer side without its level is a programmer error', () => {
    expect(() => settleGame(finished(0, { mode: 'pve' }), [profile(), null])).toThrow()
  })
})

describe('settleGame: games that did not end on the board', () => {
  test('expired: only the start coin returns', () => {
    const game = makeGame(undefined, { state: 'new' })
    const r = expire(game, game.expiredAt)
    if (!r.ok) throw new Error(r.error)
    const s = settleGame(r.value.game, [profile(), profile({ coins: 0 })])
    expect(s.profiles[0]).toEqual({ ...profile(), coins: 11 })
    expect(s.profiles[1]?.coins).toBe(1)
    expect(s.results.map((x) => x.ratingDelta)).toEqual([0, 0])
    expect(s.sides[0]?.coinsRefunded).toBe(1)
  })

  test('a game still in play cannot be settled', () => {
    expect(() => settleGame(makeGame(), [profile(), profile()])).toThrow()
  })
})

describe('skipping a lost result (10 coins a point)', () => {
  /** A finished pvp game with its results recorded: side 0 lost 16 points. */
  function lost(): Game {
    const r = giveUp(makeGame(), 0, T0 + 60_000)
    if (!r.ok) throw new Error(r.error)
    const settled = settleGame(r.value.game, [profile(), profile()])
    const rec = recordResults(
      r.value.game,
      [settled.results[0].ratingDelta, settled.results[1].ratingDelta],
      T0 + 60_001,
    )
    if (!rec.ok) throw new Error(rec.error)
    return rec.value.game
  }

  test('16 lost points cost 160 coins and come back', () => {
    const r = skipResultSettlement(lost(), 0, profile({ eloPvp: 1184, coins: 200 }))
    expect(r).toEqual({
      ok: true,
      value: { profile: profile({ eloPvp: 1200, coins: 40 }), points: 16, cost: 160 },
    })
  })

  test('against the computer the points go back to eloPve', () => {
    const game = finished(1, { mode: 'pve' })
    game.results![0].ratingDelta = -5
    const r = skipResultSettlement(game, 0, profile({ eloPve: 1000, coins: 50 }))
    expect(r.ok && r.value.profile).toMatchObject({ eloPve: 1005, eloPvp: 1200, coins: 0 })
  })

  test('NO_COINS_ENOUGH below the price; NOT_SKIPPABLE for the winner and a second skip', () => {
    const game = lost()
    expect(skipResultSettlement(game, 0, profile({ coins: 159 }))).toEqual({
      ok: false,
      error: 'NO_COINS_ENOUGH',
    })
    expect(skipResultSettlement(game, 1, profile({ coins: 999 }))).toEqual({
      ok: false,
      error: 'NOT_SKIPPABLE',
    })
    const skipped = skipResult(game, 0, T0 + 70_000)
    if (!skipped.ok) throw new Error(skipped.error)
    expect(skipResultSettlement(skipped.value.game, 0, profile({ coins: 999 }))).toEqual({
      ok: false,
      error: 'NOT_SKIPPABLE',
    })
  })
})
