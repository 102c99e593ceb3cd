/**
 * The results of the daily challenge: each finished attempt is written, in the transaction that
 * closes its game, into the player's best attempt (RULES §9 decides "best"); the dailyChallenger
 * badge follows the dailies won; subscribers hear `daily/update` when a table changes.
 */
import {
  attemptOf,
  DAILY_TOP,
  type Game,
  grantDailyChallenger,
  isBetterAttempt,
  rankAttempts,
  type Side,
  secretEvents,
} from '../../engine/index.ts'
import type { Core } from '../core.ts'
import type { Executor } from '../db/client.ts'
import { hadEvent } from '../games/repo.ts'
import type { GameVariant } from '../games/variant.ts'
import {
  type BestRow,
  bestRowsOf,
  type Daily,
  dailiesWonBy,
  lockAwards,
  type RankedSource,
  recordAttempt,
  saveAwards,
} from './repo.ts'
import type { AttemptRow, DailyRating } from './types.ts'

/** The player's side in an attempt: the room seats the player first, the computer second. */
export const PLAYER_SIDE: Side = 0

/** The topic a socket joins with user/dailyUpdatesSubscribe. */
export const dailyTopic = (dailyId: string) => `daily:${dailyId}`

export type CountedAttempt = Omit<BestRow, 'attempts'>

/** Rows of a daily's table, ranked, as clients see them. */
export function rankedRows(rows: readonly RankedSource[]): AttemptRow[] {
  return rankAttempts(rows).map((r) => ({
    dailyId: r.dailyId,
    rank: r.rank,
    user: { id: r.userId, name: r.name, avatar: r.avatar },
    won: r.won,
    turns: r.turns,
    timeMs: r.timeMs,
    score: r.score,
    attempts: r.attempts,
    gameId: r.gameId,
    finishedAt: r.finishedAt,
    secretFound: r.secretFound,
  }))
}

export function ratingOf(dailyId: string, table: readonly AttemptRow[]): DailyRating {
  return { dailyId, items: table.slice(0, DAILY_TOP), total: table.length }
}

export function createDailyResults(core: Core) {
  const { hub, db } = core
  const log = core.log.child({ component: 'dailies' })

  /** The table of one daily, ranked. */
  async function tableOf(ex: Executor, dailyId: string): Promise<AttemptRow[]> {
    return rankedRows((await bestRowsOf(ex, [dailyId])).filter((r) => r.dailyId === dailyId))
  }

  async function publish(dailyId: string, userId: string): Promise<void> {
    const table = await tableOf(db, dailyId)
    const bestAttempt = table.find((r) => r.user.id === userId)
    if (!bestAttempt) return
    hub.publish(dailyTopic(dailyId), 'daily/update', {
      dailyId,
      bestAttempt,
      rating: ratingOf(dailyId, table),
    })
  }

  /**
   * Writes one attempt that counts (in the caller's transaction) and raises the badge on a first
   * win at this daily. Answers the work for after the commit: the table's subscribers and the
   * player's awards.
   */
  async function record(ex: Executor, attempt: CountedAttempt, now: number): Promise<() => void> {
    const { improved, previous } = await recordAttempt(ex, attempt, (next, best) =>
      isBetterAttempt(next, best),
    )
    let awards = null
    if (attempt.won && !previous?.won) {
      const current = await lockAwards(ex, attempt.userId)
      if (current && grantDailyChallenger(current, await dailiesWonBy(ex, attempt.userId))) {
        await saveAwards(ex, attempt.userId, current, now)
        awards = current
      }
    }
    return () => {
      if (awards) hub.sendToUser(attempt.userId, 'user/update', { data: { awards } })
      if (improved)
        publish(attempt.dailyId, attempt.userId).catch((err) =>
          log.error('daily/update failed', { dailyId: attempt.dailyId, err }),
        )
    }
  }

  /** A finished attempt's figures when it counts: over, started, and finished before the day ended. */
  async function countedAttempt(ex: Executor, daily: Daily, game: Game): Promise<CountedAttempt | null> {
    const figures = attemptOf(game, PLAYER_SIDE)
    if (!figures || figures.finishedAt >= daily.endsAt) return null
    return {
      ...figures,
      dailyId: daily.id,
      userId: game.opponents[PLAYER_SIDE],
      gameId: game.id,
      // The closing version is already in the history (the room commits it before this runs).
      secretFound: await hadEvent(ex, game.id, 'dailySecret'),
    }
  }

  /** How an attempt at `daily` plays: unrated and free; the secret word; its result in the table. */
  function variantFor(daily: Daily): GameVariant {
    return {
      settle: { rated: false, coinsPaid: [0, 0] },
      events: (_prev, _next, events) => secretEvents(events, daily.secret, PLAYER_SIDE),
      async onClosed(tx, game, now) {
        const attempt = await countedAttempt(tx, daily, game)
        if (!attempt) {
          log.debug('daily attempt not counted', { dailyId: daily.id, gameId: game.id, state: game.state })
          return undefined
        }
        return record(tx, attempt, now)
      },
    }
  }

  return { record, variantFor, tableOf }
}

export type DailyResults = ReturnType<typeof createDailyResults>
