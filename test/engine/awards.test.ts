import { describe, expect, test } from 'bun:test'
import {
  BADGE_IDS,
  BADGE_LEVELS,
  type BadgeId,
  badgeLevel,
  endAwardsDraft,
  type Game,
  grantDailyChallenger,
  MIN_OWN_BASE,
  mergeAwards,
  recordTurnDraft,
  type TimeMode,
  type TurnFacts,
  turnAwardsDraft,
} from '../../engine/index.ts'
import { BOARD3, makeGame, playOn } from './support/make-game.ts'

/** Badge events of side 0 playing `cells`, after the game was prepared by `prepare`. */
function badges(
  board: string,
  cells: number[],
  extra: { booster?: TurnFacts['booster']; seconds?: number } = {},
  prepare: (g: Game) => void = () => {},
  timeMode: TimeMode = 'classic',
): Record<string, number> {
  const game = makeGame(board, { timeMode })
  prepare(game)
  const { draft, facts } = playOn(game, 0, cells, extra)
  recordTurnDraft(draft, facts)
  const events = turnAwardsDraft(draft, facts)
  const out: Record<string, number> = {}
  for (const e of events) {
    if (e.type !== 'badge' || e.side !== 0) throw new Error(`unexpected event ${JSON.stringify(e)}`)
    out[e.badgeId] = e.level
    expect(draft.awards[0].b[e.badgeId]).toBe(e.level)
  }
  return out
}

const ROW_OF_FOUR = `
  a0 b0 c0 d0
  e1 f1 g1 h1
  i. j. k. l.
  m1 n1 o1 p1
`

describe('turn badges: one example that earns each, one that does not', () => {
  test.each<[string, string, number[], Record<string, number>]>([
    ['berserk: 4 enemy cells in one turn', ROW_OF_FOUR, [4, 5, 6, 7], { berserk: 1 }],
    ['no berserk with 3', ROW_OF_FOUR, [4, 5, 6], {}],
    ['jackpot: 15 points in one turn', 'a0 b0 c0 \n d1:5 e1:5 f1:5 \n g1 h1 i1', [3, 4, 5], { jackpot: 1 }],
    ['no jackpot with 14', 'a0 b0 c0 \n d1:5 e1:5 f1:4 \n g1 h1 i1', [3, 4, 5], {}],
    [
      'richestCell: a captured cell worth 7',
      'a0 b0 c0 \n d.:7 e. f. \n g1 h1 i1',
      [0, 3],
      { richestCell: 1 },
    ],
    ['no richestCell for a cell worth 6', 'a0 b0 c0 \n d.:6 e. f. \n g1 h1 i1', [0, 3], {}],
    [
      'totalAnnihilation + totalAnnihilationFatality: all 3 enemy cells in one turn',
      'a0 b0 c0 \n d1 e1 f1 \n g. h. i.',
      [3, 4, 5],
      { totalAnnihilation: 1, totalAnnihilationFatality: 1 },
    ],
    [
      'totalAnnihilation only: the last 2 enemy cells',
      'a0 b0 c0 \n d1 e1 f. \n g. h. i.',
      [3, 4],
      { totalAnnihilation: 1 },
    ],
    ['neither while the enemy keeps a cell', 'a0 b0 c0 \n d1 e1 f. \n g. h. i1', [3, 4], {}],
    ['invader: an enemy base cell', 'a0 b0 c0 \n d. e0 f. \n g1 h1 i1', [4, 7], { invader: 1 }],
    ['no invader for a middle cell', 'a0 b0 c0 \n d. e1 f. \n g1 h1 i1', [0, 4], {}],
    [
      'revenger: an own base cell back from the enemy',
      'a1 b0 c0 \n d. e. f. \n g1 h1 i1',
      [1, 0],
      { revenger: 1 },
    ],
    ['no revenger for a neutral own base cell', 'a. b0 c0 \n d. e. f. \n g1 h1 i1', [1, 0], {}],
    ['ascension: one word from own base row to the enemy’s', BOARD3, [0, 3, 6], { ascension: 1, invader: 1 }],
    ['no ascension for a word that stops short', BOARD3, [0, 3, 4], {}],
  ])('%s', (_name, board, cells, expected) => {
    expect(badges(board, cells)).toEqual(expected)
  })

  test('invader and revenger count across the game: the third capture gives level 2', () => {
    const invaded = badges('a0 b0 c0 \n d. e0 f. \n g1 h1 i1', [4, 7], {}, (g) => {
      g.awards[0].a.invader = 2
      g.awards[0].b.invader = 1
    })
    expect(invaded).toEqual({ invader: 2 })
  })

  test('booster badges: mutator, freezer, striker by uses in the game; repeats of a level are silent', () => {
    expect(
      badges(BOARD3, [0, 3], { booster: { boosterId: 'mutation', cellId: 4, mutationLetter: 'z' } }),
    ).toEqual({
      mutator: 1,
    })
    expect(badges(BOARD3, [0, 3], { booster: { boosterId: 'freeze', cellId: 4 } })).toEqual({ freezer: 1 })
    const second = (g: Game) => {
      g.players[0].boosters.find((b) => b.id === 'strike')!.usage = 1
      g.awards[0].b.striker = 1
    }
    expect(badges(BOARD3, [0, 3], { booster: { boosterId: 'strike', cellId: 7 } }, second)).toEqual({
      striker: 2,
    })
    const alreadyHeld = (g: Game) => {
      g.awards[0].b.freezer = 3
    }
    expect(badges(BOARD3, [0, 3], { booster: { boosterId: 'freeze', cellId: 4 } }, alreadyHeld)).toEqual({})
    expect(badges(BOARD3, [0, 3])).toEqual({})
  })

  test('boosterManiac: the third kind in one game; not with two kinds', () => {
    const twoKinds = (g: Game) => {
      for (const b of g.players[0].boosters) if (b.id !== 'strike') b.usage = 1
    }
    expect(badges(BOARD3, [0, 3], { booster: { boosterId: 'strike', cellId: 7 } }, twoKinds)).toEqual({
      striker: 1,
      boosterManiac: 1,
    })
    const oneKind = (g: Game) => {
      g.players[0].boosters[0].usage = 1
    }
    expect(
      badges(BOARD3, [0, 3], { booster: { boosterId: 'mutation', cellId: 4, mutationLetter: 'q' } }, oneKind),
    ).toEqual({ mutator: 1 })
  })

  test('countdownMaster: a blitz turn with at most 5 s left on its clock; never in classic', () => {
    expect(badges(BOARD3, [0, 3], { seconds: 85 }, undefined, 'blitz')).toEqual({ countdownMaster: 1 })
    expect(badges(BOARD3, [0, 3], { seconds: 84 }, undefined, 'blitz')).toEqual({})
    const smallBank = (g: Game) => {
      g.players[0].timeleft = 30
    }
    expect(badges(BOARD3, [0, 3], { seconds: 26 }, smallBank, 'blitz')).toEqual({ countdownMaster: 1 })
    expect(badges(BOARD3, [0, 3], { seconds: 86_399 }, undefined, 'classic')).toEqual({})
  })

  test('every turn records both sides’ lowest own base (for nackedBack)', () => {
    const game = makeGame('a0 b1 c1 \n d. e1 f. \n g1 h1 i1')
    const { draft, facts } = playOn(game, 0, [0, 3])
    turnAwardsDraft(draft, facts)
    expect(draft.awards[0].a[MIN_OWN_BASE]).toBe(1)
    expect(draft.awards[1].a[MIN_OWN_BASE]).toBe(3)
  })
})

describe('end badges', () => {
  function ended(
    prepare: (g: Game) => void,
    winner: 0 | 1 | null,
    reason: 'gameover' | 'giveup' = 'gameover',
  ) {
    const g = makeGame()
    prepare(g)
    const events = endAwardsDraft(g, winner, reason)
    return events.map((e) => (e.type === 'badge' ? `${e.side}:${e.badgeId}:${e.level}` : e.type))
  }

  test('fatality: a win on the board; not a win by giveup', () => {
    expect(ended(() => {}, 1)).toEqual(['1:fatality:1'])
    expect(ended(() => {}, 1, 'giveup')).toEqual([])
  })

  test('nackedBack: the winner was once down to one base cell; not the loser, not at two', () => {
    expect(ended((g) => (g.awards[0].a[MIN_OWN_BASE] = 1), 0, 'giveup')).toEqual(['0:nackedBack:1'])
    expect(ended((g) => (g.awards[1].a[MIN_OWN_BASE] = 1), 0, 'giveup')).toEqual([])
    expect(ended((g) => (g.awards[0].a[MIN_OWN_BASE] = 2), 0, 'giveup')).toEqual([])
  })

  test('longPlay: 30 accepted turns in the game, for both players; 29 is not enough', () => {
    const turns = (a: number, b: number) => (g: Game) => {
      g.stats[0].turns = a
      g.stats[1].turns = b
    }
    expect(ended(turns(15, 15), null, 'giveup')).toEqual(['0:longPlay:1', '1:longPlay:1'])
    expect(ended(turns(15, 14), null, 'giveup')).toEqual([])
    expect(ended(turns(25, 25), null, 'giveup')).toEqual(['0:longPlay:2', '1:longPlay:2'])
  })

  test('richestGame: 50 points reached in the game', () => {
    expect(ended((g) => (g.stats[1].scoreReached = 50), null, 'giveup')).toEqual(['1:richestGame:1'])
    expect(ended((g) => (g.stats[1].scoreReached = 49), null, 'giveup')).toEqual([])
  })
})

describe('levels, profile badges and merging', () => {
  test('every badge has a rule with ascending thresholds', () => {
    expect(Object.keys(BADGE_LEVELS).sort()).toEqual([...BADGE_IDS].sort())
    for (const id of BADGE_IDS) {
      const t = BADGE_LEVELS[id as BadgeId]
      expect([...t].sort((a, b) => a - b)).toEqual([...t])
    }
  })

  test.each([
    ['berserk', 3, 0],
    ['berserk', 4, 1],
    ['berserk', 6, 2],
    ['berserk', 8, 3],
    ['jackpot', 40, 3],
    ['champGeneral', 1499, 0],
    ['champGeneral', 1800, 2],
    ['dailyChallenger', 30, 3],
  ] as const)('%s at %d → level %d', (id, value, level) => {
    expect(badgeLevel(id, value)).toBe(level)
  })

  test('dailyChallenger is raised by the daily feature, never lowered', () => {
    const awards = { a: {}, b: {} as Record<string, number> }
    expect(grantDailyChallenger(awards, 0)).toBe(false)
    expect(grantDailyChallenger(awards, 7)).toBe(true)
    expect(awards.b.dailyChallenger).toBe(2)
    expect(grantDailyChallenger(awards, 3)).toBe(false)
    expect(awards.b.dailyChallenger).toBe(2)
  })

  test('mergeAwards keeps the best level and counts the games each badge was earned in', () => {
    const profile = { a: { berserk: 2 }, b: { berserk: 3, jackpot: 1 } }
    const game = { a: { invader: 4 }, b: { berserk: 1, invader: 2 } }
    expect(mergeAwards(profile, game)).toEqual({
      a: { berserk: 3, invader: 1 },
      b: { berserk: 3, jackpot: 1, invader: 2 },
    })
    expect(profile.b.berserk).toBe(3) // untouched
  })
})
