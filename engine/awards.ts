/**
 * Badges (SPEC.md §3). A game keeps, per side, `awards.a` (progress counters of this game) and
 * `awards.b` (badge id → level reached in this game). A badge is announced by a `badge` event each
 * time its level rises. Levels count the thresholds reached (1, 2, 3); a badge with one threshold
 * has only level 1.
 */
import { baseRow, countOwned } from './board.ts'
import { TIME_MODE_CONFIG } from './config.ts'
import { enemyCaptures } from './stats.ts'
import type {
  Awards,
  Board,
  BoosterId,
  Game,
  GameoverReason,
  HistoryEvent,
  Side,
  TurnFacts,
} from './types.ts'

export const BADGE_IDS = [
  'berserk',
  'fatality',
  'jackpot',
  'richestCell',
  'totalAnnihilation',
  'totalAnnihilationFatality',
  'invader',
  'revenger',
  'nackedBack',
  'longPlay',
  'richestGame',
  'mutator',
  'freezer',
  'striker',
  'boosterManiac',
  'countdownMaster',
  'ascension',
  'dailyChallenger',
  'champGeneral',
] as const
export type BadgeId = (typeof BADGE_IDS)[number]

/** Thresholds per badge: reaching the i-th gives level i+1. The rule of each is the line beside it. */
export const BADGE_LEVELS = {
  berserk: [4, 6, 8], // enemy cells captured by a single turn
  fatality: [1], // win by taking the enemy's base (reason gameover)
  jackpot: [15, 25, 40], // points scored by a single turn
  richestCell: [7, 9, 12], // value of one captured cell (its score before the capture)
  totalAnnihilation: [1], // after your turn the enemy owns no cell at all
  totalAnnihilationFatality: [3], // one turn captures every cell the enemy still had, at least this many
  invader: [1, 3, 5], // enemy base-row cells captured in one game
  revenger: [1, 3, 5], // own base-row cells taken back from the enemy in one game
  nackedBack: [1], // win a game in which you were down to a single cell of your own base row
  longPlay: [30, 50, 80], // accepted turns of both sides in a finished game (both players earn it)
  richestGame: [50, 100, 200], // highest score reached in one game
  mutator: [1, 2, 3], // mutation boosters used in one game
  freezer: [1, 2, 3], // freeze boosters used in one game
  striker: [1, 2, 3], // strike boosters used in one game
  boosterManiac: [1, 2], // every booster kind used in one game at least this many times each
  countdownMaster: [1, 3, 5], // blitz turns accepted with at most COUNTDOWN_MASTER_SEC left, in one game
  ascension: [1], // one word whose path touches both your own and the enemy's base row
  dailyChallenger: [1, 7, 30], // dailies won (awarded by the daily feature)
  champGeneral: [1500, 1800, 2100], // arena (pvp) rating reached
} satisfies Record<BadgeId, readonly number[]>

export const COUNTDOWN_MASTER_SEC = 5

/** Level reached by `value` on a ladder of ascending thresholds (0 below the first). */
export function levelOf(value: number, thresholds: readonly number[]): number {
  let level = 0
  for (const t of thresholds) if (value >= t) level++
  return level
}

export function badgeLevel(id: BadgeId, value: number): number {
  return levelOf(value, BADGE_LEVELS[id])
}

/** Raises a badge in `awards` (mutates it) when `level` beats the one held; answers whether it rose. */
export function grantBadge(awards: Awards, id: BadgeId, level: number): boolean {
  if (level <= (awards.b[id] ?? 0)) return false
  awards.b[id] = level
  return true
}

/** Grants on a game draft and answers the `badge` event, if any. */
function grantDraft(draft: Game, side: Side, id: BadgeId, level: number): HistoryEvent[] {
  return grantBadge(draft.awards[side], id, level) ? [{ type: 'badge', side, badgeId: id, level }] : []
}

/** Adds to a progress counter of this game (mutates) and answers its new value. */
function bump(awards: Awards, key: string, by: number): number {
  awards.a[key] = (awards.a[key] ?? 0) + by
  return awards.a[key]
}

function ownBaseCells(board: Board, side: Side): number {
  const row = baseRow(board.size, side)
  return board.cells.filter((c) => c.row === row && c.owner === side).length
}

/** Progress key of the fewest own base-row cells a side has held after any turn (for nackedBack). */
export const MIN_OWN_BASE = 'minOwnBase'

function boosterUse(draft: Game, side: Side, id: BoosterId): number {
  return draft.players[side].boosters.find((b) => b.id === id)?.usage ?? 0
}

/**
 * Badges earned by an accepted turn (mutates the draft's awards). Call it after the board, the score
 * and the boosters reflect the turn, and before the turn's time is spent (countdownMaster reads the
 * mover's bank as of the turn's start).
 */
export function turnAwardsDraft(draft: Game, facts: TurnFacts): HistoryEvent[] {
  const { side } = facts
  const enemy: Side = side === 0 ? 1 : 0
  const awards = draft.awards[side]
  const size = draft.board.size
  const events: HistoryEvent[] = []
  const grant = (id: BadgeId, level: number) => events.push(...grantDraft(draft, side, id, level))

  const enemyTaken = enemyCaptures(facts)
  const enemyLeft = countOwned(draft.board, enemy)
  grant('berserk', badgeLevel('berserk', enemyTaken.length))
  grant('jackpot', badgeLevel('jackpot', facts.score))
  grant('richestCell', badgeLevel('richestCell', Math.max(0, ...facts.captured.map((c) => c.prevScore))))
  if (enemyLeft === 0) {
    grant('totalAnnihilation', 1)
    grant('totalAnnihilationFatality', badgeLevel('totalAnnihilationFatality', enemyTaken.length))
  }
  const invaded = facts.captured.filter((c) => c.baseOf === enemy).length
  if (invaded) grant('invader', badgeLevel('invader', bump(awards, 'invader', invaded)))
  const retaken = enemyTaken.filter((c) => c.baseOf === side).length
  if (retaken) grant('revenger', badgeLevel('revenger', bump(awards, 'revenger', retaken)))

  if (facts.booster) {
    const id = facts.booster.boosterId
    const badge: Record<BoosterId, BadgeId> = { mutation: 'mutator', freeze: 'freezer', strike: 'striker' }
    grant(badge[id], badgeLevel(badge[id], boosterUse(draft, side, id)))
    const fewest = Math.min(
      ...(['freeze', 'mutation', 'strike'] as const).map((b) => boosterUse(draft, side, b)),
    )
    grant('boosterManiac', badgeLevel('boosterManiac', fewest))
  }

  const limit = TIME_MODE_CONFIG[draft.options.timeMode].turnLimit
  if (limit > 0) {
    const left = Math.min(limit, draft.players[side].timeleft) - facts.seconds
    if (left <= COUNTDOWN_MASTER_SEC) {
      grant('countdownMaster', badgeLevel('countdownMaster', bump(awards, 'countdownMaster', 1)))
    }
  }

  const rows = new Set(facts.cellIds.map((id) => Math.floor(id / size)))
  if (rows.has(baseRow(size, side)) && rows.has(baseRow(size, enemy))) grant('ascension', 1)

  // Both sides' lowest base: the mover's own base never shrinks on its turn, the enemy's may.
  for (const s of [0, 1] as const) {
    const held = ownBaseCells(draft.board, s)
    const a = draft.awards[s].a
    a[MIN_OWN_BASE] = Math.min(a[MIN_OWN_BASE] ?? size, held)
  }
  return events
}

/** Badges earned by the end of the game (mutates the draft's awards). */
export function endAwardsDraft(draft: Game, winner: Side | null, reason: GameoverReason): HistoryEvent[] {
  const events: HistoryEvent[] = []
  const turns = draft.stats[0].turns + draft.stats[1].turns
  for (const side of [0, 1] as const) {
    const grant = (id: BadgeId, level: number) => events.push(...grantDraft(draft, side, id, level))
    if (winner === side) {
      if (reason === 'gameover') grant('fatality', 1)
      if (draft.awards[side].a[MIN_OWN_BASE] === 1) grant('nackedBack', 1)
    }
    grant('longPlay', badgeLevel('longPlay', turns))
    grant('richestGame', badgeLevel('richestGame', draft.stats[side].scoreReached))
  }
  return events
}

/** dailyChallenger for the daily feature: raises the badge in profile awards (mutates) for `dailiesWon`. */
export function grantDailyChallenger(awards: Awards, dailiesWon: number): boolean {
  return grantBadge(awards, 'dailyChallenger', badgeLevel('dailyChallenger', dailiesWon))
}

/**
 * A finished game's badges added to the profile's awards: `b` keeps the best level of each badge,
 * `a` counts the games in which each badge was earned. Returns new awards.
 */
export function mergeAwards(profile: Awards, game: Awards): Awards {
  const merged: Awards = { a: { ...profile.a }, b: { ...profile.b } }
  for (const [id, level] of Object.entries(game.b)) {
    if (level <= 0) continue
    merged.b[id] = Math.max(merged.b[id] ?? 0, level)
    merged.a[id] = (merged.a[id] ?? 0) + 1
  }
  return merged
}
