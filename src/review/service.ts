/**
 * Post-game reviews: computed once per finished game, in the review worker, as soon as the game
 * closes (and on the first request for a game that closed before reviews existed, or while the
 * server was down), then stored and served from the database. A live game has no review: the
 * review must never play for anyone.
 */
import type { Game, GameReview } from '../../engine/index.ts'
import { REVIEW } from '../../engine/server.ts'
import type { Core } from '../core.ts'
import { findGame, historyOf } from '../games/repo.ts'
import { accept, type Outcome, refuse } from '../refusal.ts'
import { findReview, saveReview } from './repo.ts'
import type { ReviewRunner } from './runner.ts'

/** How long a failed review waits before a request may start it again. */
const RETRY_AFTER_MS = 60_000

/** What GET /api/games/{id}/review answers once the game is over. */
export type ReviewAnswer =
  | { status: 'ready'; review: GameReview; computedAt: number }
  | { status: 'unavailable'; reason: string }
  | { status: 'pending' }

export function createReviewService(core: Core, runner: ReviewRunner) {
  const { db, clock } = core
  const log = core.log.child({ component: 'review' })
  const inFlight = new Map<string, Promise<void>>()
  // A review that failed (the worker broke) is not tried again for a while: clients poll.
  const failedAt = new Map<string, number>()

  async function compute(gameId: string): Promise<void> {
    const stored = await findGame(db, gameId)
    if (stored?.game.state !== 'over') return
    const rows = await historyOf(db, gameId)
    const history = rows.map((r) => ({ ts: r.ts, events: r.events, changes: r.changes }))
    const outcome = await runner.run({ final: stored.game, history })
    const base = { version: REVIEW.version, createdAt: clock() }
    await saveReview(db, gameId, { ...base, ...outcome })
    log.info('review stored', { gameId, status: outcome.status })
  }

  /** Starts the review of a game unless it is under way; never rejects (failures are logged). */
  function schedule(gameId: string): Promise<void> {
    let job = inFlight.get(gameId)
    if (!job) {
      job = compute(gameId)
        .then(() => {
          failedAt.delete(gameId)
        })
        .catch((err) => {
          failedAt.set(gameId, clock())
          log.error('review failed', { gameId, err })
        })
        .finally(() => inFlight.delete(gameId))
      inFlight.set(gameId, job)
    }
    return job
  }

  return {
    schedule,
    /** The room's end-of-game signal: review the game while its players read the result. */
    onClosed(game: Game): void {
      if (game.state === 'over') void schedule(game.id)
    },

    /** What GET /api/games/{id}/review answers. */
    async get(gameId: string): Promise<Outcome<ReviewAnswer>> {
      const stored = await findGame(db, gameId)
      if (!stored) return refuse('GAME_NOT_FOUND', 'Game not found')
      const { state } = stored.game
      if (state === 'expired')
        return refuse('NO_REVIEW', 'This game was never played: there is nothing to review')
      if (state !== 'over') return refuse('GAME_NOT_OVER', 'The review opens when the game is over')
      const review = await findReview(db, gameId)
      if (review && review.version === REVIEW.version) {
        return accept(
          review.status === 'ready'
            ? { status: 'ready' as const, review: review.review, computedAt: review.createdAt }
            : { status: 'unavailable' as const, reason: review.reason },
        )
      }
      const failed = failedAt.get(gameId)
      if (failed !== undefined && clock() - failed < RETRY_AFTER_MS)
        return accept({
          status: 'unavailable' as const,
          reason: 'The review could not be computed; try again later',
        })
      void schedule(gameId)
      return accept({ status: 'pending' as const })
    },

    /** Waits for reviews under way (a clean stop, tests). */
    settle: () => Promise.all(inFlight.values()).then(() => {}),
  }
}

export type ReviewService = ReturnType<typeof createReviewService>
