/**
 * The pure part of "on the end" (RULES §4, §9): what a finished game does to each player's profile —
 * rating, stats, xp and level, badges, achievements — and the price of skipping a lost result.
 * The computer is not a profile: its side is passed as null and its rating is fixed by its level.
 */
import { type AchievementId, achievementsGained } from './achievements.ts'
import { badgeLevel, grantBadge, mergeAwards } from './awards.ts'
import { COINS } from './config.ts'
import { isResignation } from './end.ts'
import { fail, ok, type Result } from './errors.ts'
import { levelForXp, xpForGame } from './level.ts'
import { canSkipResult } from './lifecycle.ts'
import { computerRating, eloDelta, pvpDeltas, scoreOf } from './rating.ts'
import { mergeIntoProfileStats } from './stats.ts'
import type { AiLevel, Awards, Game, PlayerStats, Side, SideResult } from './types.ts'

export interface ProfileProgress {
  eloPvp: number
  eloPve: number
  stats: PlayerStats
  xp: number
  level: number
  coins: number
  awards: Awards
}

export interface SettleContext {
  /** The computer's level, required when a side is the computer (null). */
  computerLevel?: AiLevel
  /** false: no rating change (e.g. the tutorial). Default true, private games included. */
  rated?: boolean
  /** Coins each side paid to start, returned when the game expired. Default COINS.perGame each. */
  coinsPaid?: [number, number]
}

export interface SideSettlement {
  ratingDelta: number
  xpGained: number
  levelUp: boolean
  achievements: { id: AchievementId; level: number }[]
  coinsRefunded: number
}

export interface Settlement {
  profiles: [ProfileProgress | null, ProfileProgress | null]
  results: [SideResult, SideResult]
  /** What changed for each human side, for notifications; null for the computer. */
  sides: [SideSettlement | null, SideSettlement | null]
}

const other = (side: Side): Side => (side === 0 ? 1 : 0)
const eloKey = (game: Game) => (game.mode === 'pvp' ? 'eloPvp' : 'eloPve')

function ratingOf(game: Game, sides: Settlement['profiles'], side: Side, ctx: SettleContext): number {
  const p = sides[side]
  if (p) return p[eloKey(game)]
  if (!ctx.computerLevel) throw new Error('settleGame: a computer side needs ctx.computerLevel')
  return computerRating(ctx.computerLevel)
}

/** Rating deltas of both sides; a computer's delta is reported but never applied. */
function deltasOf(game: Game, sides: Settlement['profiles'], ctx: SettleContext): [number, number] {
  if (ctx.rated === false || game.state !== 'over') return [0, 0]
  const r: [number, number] = [ratingOf(game, sides, 0, ctx), ratingOf(game, sides, 1, ctx)]
  if (sides[0] && sides[1]) return pvpDeltas(r, game.winner)
  // Against the computer only the human moves, by the plain Elo formula.
  return [eloDelta(r[0], r[1], scoreOf(0, game.winner)), eloDelta(r[1], r[0], scoreOf(1, game.winner))]
}

function settleSide(
  game: Game,
  p: ProfileProgress,
  side: Side,
  delta: number,
): [ProfileProgress, SideSettlement] {
  const won = game.winner === side
  const durationSec =
    game.startedAt !== null && game.finishedAt !== null
      ? Math.max(0, (game.finishedAt - game.startedAt) / 1000)
      : 0
  const stats = mergeIntoProfileStats(p.stats, game, side, {
    won,
    giveup: isResignation(game.gameoverReason) && game.winner === other(side),
    ratingDelta: delta,
    isPrivate: game.isPrivate,
    durationSec,
  })
  const xpGained = xpForGame(won)
  const xp = p.xp + xpGained
  const level = levelForXp(xp)
  const key = eloKey(game)
  const elo = p[key] + delta
  const awards = mergeAwards(p.awards, game.awards[side])
  const eloPvp = key === 'eloPvp' ? elo : p.eloPvp
  grantBadge(awards, 'champGeneral', badgeLevel('champGeneral', eloPvp))
  const profile: ProfileProgress = { ...p, [key]: elo, stats, xp, level, awards }
  const summary: SideSettlement = {
    ratingDelta: delta,
    xpGained,
    levelUp: level > p.level,
    achievements: achievementsGained(p.stats, stats),
    coinsRefunded: 0,
  }
  return [profile, summary]
}

/**
 * Settles a closed game. `over`: ratings, stats, xp, level, badges, achievements for every human
 * side. `expired`: only the start coins return. Settling a game still in play is a programmer error.
 */
export function settleGame(
  game: Game,
  sides: [ProfileProgress | null, ProfileProgress | null],
  ctx: SettleContext = {},
): Settlement {
  if (game.state !== 'over' && game.state !== 'expired')
    throw new Error(`settleGame: game ${game.id} is ${game.state}`)
  const deltas = deltasOf(game, sides, ctx)
  const profiles: Settlement['profiles'] = [null, null]
  const summaries: Settlement['sides'] = [null, null]
  for (const side of [0, 1] as const) {
    const p = sides[side]
    if (!p) continue
    if (game.state === 'expired') {
      const refund = ctx.coinsPaid?.[side] ?? COINS.perGame
      profiles[side] = { ...p, coins: p.coins + refund }
      summaries[side] = {
        ratingDelta: 0,
        xpGained: 0,
        levelUp: false,
        achievements: [],
        coinsRefunded: refund,
      }
      continue
    }
    ;[profiles[side], summaries[side]] = settleSide(game, p, side, deltas[side])
  }
  const results: [SideResult, SideResult] = [0, 1].map((s) => ({
    skipped: game.results?.[s]?.skipped ?? false,
    ratingDelta: sides[s] ? deltas[s] : 0,
  })) as [SideResult, SideResult]
  return { profiles, results, sides: summaries }
}

export type SkipRefusal = 'NOT_SKIPPABLE' | 'NO_COINS_ENOUGH'

/**
 * The price of skipping (forgetting) a lost result: the lost rating points come back at
 * COINS.perSkippedPoint coins each. Only the rating and the coins change; the stats keep the game.
 */
export function skipResultSettlement(
  game: Game,
  side: Side,
  profile: ProfileProgress,
): Result<{ profile: ProfileProgress; points: number; cost: number }, SkipRefusal> {
  if (!canSkipResult(game, side)) return fail('NOT_SKIPPABLE')
  const points = Math.max(0, -game.results![side].ratingDelta)
  const cost = points * COINS.perSkippedPoint
  if (profile.coins < cost) return fail('NO_COINS_ENOUGH')
  const key = eloKey(game)
  return ok({
    profile: { ...profile, [key]: profile[key] + points, coins: profile.coins - cost },
    points,
    cost,
  })
}
