/**
 * The end of a game on the profiles (RULES §4): ratings, stats, awards, xp, level and refunds,
 * written in the transaction of the action that closed the game. The rating deltas also go into
 * the game's `results`, in the same version, so the final patch already carries them.
 */
import {
  type AiLevel,
  diff,
  type Game,
  type HistoryEvent,
  isComputer,
  type Patch,
  type ProfileProgress,
  type SettleContext,
  type SideResult,
  type SideSettlement,
  settleGame,
  skipResultSettlement,
  toView,
} from '../../engine/index.ts'
import type { Executor } from '../db/client.ts'
import { creditCoins, spendCoins } from '../economy/coins.ts'
import type { SkipResultAck } from '../realtime/protocol.ts'
import type { Profile } from '../users/profile.ts'
import { lockProgress, saveProgress } from '../users/repo.ts'

export interface SideOutcome {
  uid: string
  settlement: SideSettlement
  progress: ProfileProgress
}

export interface Settled {
  game: Game
  changes: Patch
  outcomes: SideOutcome[]
  /** Profile badges the end raised (champGeneral), as `badge` events of the final version. */
  events: HistoryEvent[]
}

/** Settles a game that `next` has just closed. `prev` is the version before the action. */
export async function settleClosedGame(
  tx: Executor,
  prev: Game,
  next: Game,
  computerLevel: AiLevel | null,
  now: number,
  /** A variant's terms (the daily challenge is unrated, its attempts cost no coin). */
  terms: Pick<SettleContext, 'rated' | 'coinsPaid'> = {},
): Promise<Settled> {
  const humans = next.opponents.filter((uid) => !isComputer(uid))
  const locked = await lockProgress(tx, humans)
  const sides = next.opponents.map((uid) => locked.get(uid) ?? null) as [
    ProfileProgress | null,
    ProfileProgress | null,
  ]
  const settlement = settleGame(next, sides, { ...(computerLevel ? { computerLevel } : {}), ...terms })
  const game = structuredClone(next)
  if (game.state === 'over')
    game.results = settlement.results.map((r) => ({ ...r })) as [SideResult, SideResult]
  const outcomes: SideOutcome[] = []
  const events: HistoryEvent[] = []
  for (const side of [0, 1] as const) {
    const progress = settlement.profiles[side]
    const summary = settlement.sides[side]
    if (!progress || !summary) continue
    const uid = game.opponents[side]
    const champ = progress.awards.b.champGeneral ?? 0
    if (champ > (locked.get(uid)?.awards.b.champGeneral ?? 0))
      events.push({ type: 'badge', side, badgeId: 'champGeneral', level: champ })
    await saveProgress(tx, uid, progress, now)
    let coins = locked.get(uid)?.coins ?? progress.coins
    if (summary.coinsRefunded > 0) {
      const refund = await creditCoins(tx, {
        userId: uid,
        amount: summary.coinsRefunded,
        reason: 'refund',
        reference: game.id,
        now,
      })
      if (refund.ok) coins = refund.balance
    }
    outcomes.push({ uid, settlement: summary, progress: { ...progress, coins } })
  }
  return { game, changes: diff(toView(prev), toView(game)), outcomes, events }
}

export type SkipOutcome =
  | { ok: true; progress: ProfileProgress; points: number; cost: number }
  | { ok: false; reason: 'NOT_SKIPPABLE' | 'NO_COINS_ENOUGH' }

/** The loser pays to forget a lost result: rating back, coins off, both in the caller's transaction. */
export async function settleSkip(tx: Executor, game: Game, side: 0 | 1, now: number): Promise<SkipOutcome> {
  const uid = game.opponents[side]
  const progress = (await lockProgress(tx, [uid])).get(uid)
  if (!progress) return { ok: false, reason: 'NOT_SKIPPABLE' }
  const r = skipResultSettlement(game, side, progress)
  if (!r.ok) return { ok: false, reason: r.error }
  let coins = progress.coins
  if (r.value.cost > 0) {
    const paid = await spendCoins(tx, {
      userId: uid,
      amount: r.value.cost,
      reason: 'skipResult',
      reference: game.id,
      now,
    })
    if (!paid.ok)
      return { ok: false, reason: paid.reason === 'insufficient' ? 'NO_COINS_ENOUGH' : 'NOT_SKIPPABLE' }
    coins = paid.balance
  }
  await saveProgress(tx, uid, r.value.profile, now)
  return { ok: true, progress: { ...r.value.profile, coins }, points: r.value.points, cost: r.value.cost }
}

/** What a settlement changed on a profile, as a `user/update` (SPEC.md Profile fields). */
export function progressUpdate(outcome: { progress: SideOutcome['progress'] }): Partial<Profile> {
  const p = outcome.progress
  return {
    eloPvp: p.eloPvp,
    eloPve: p.eloPve,
    stats: p.stats,
    awards: p.awards,
    xp: p.xp,
    level: p.level,
    coins: p.coins,
  }
}

/** The ack of game/skipResult: the game's results, what changed, and the new values (docs/server.md). */
export function skipAck(game: Game, skip: Extract<SkipOutcome, { ok: true }>): SkipResultAck {
  const key = game.mode === 'pvp' ? 'eloPvp' : 'eloPve'
  return {
    results: game.results,
    diff: { [key]: skip.points, coins: -skip.cost },
    update: { [key]: skip.progress[key], coins: skip.progress.coins },
  }
}
