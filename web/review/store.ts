/**
 * The post-game review of the game on screen (docs/server.md "Post-game review"): read once the
 * game is over, asked again while the server is still computing it, then kept. A turn of it may be
 * picked to show its word and the best one on the board.
 */
import { computed, signal } from '@preact/signals-react'
import type { GameReview, TurnReview } from '../../engine/index.ts'
import { type Api, call } from '../api/client.ts'

export type ReviewStatus = 'idle' | 'pending' | 'ready' | 'unavailable'

/** How often, and how many times, a review being computed is asked for again. */
export const REVIEW_POLL = { intervalMs: 1500, tries: 40 } as const

export function createReview(deps: {
  api: Api
  gameId: string
  poll?: { intervalMs: number; tries: number }
}) {
  const poll = deps.poll ?? REVIEW_POLL
  const status = signal<ReviewStatus>('idle')
  const review = signal<GameReview | null>(null)
  /** The version (`ts`) of the turn picked, or null. */
  const selected = signal<number | null>(null)
  const byTs = computed(() => new Map<number, TurnReview>((review.value?.turns ?? []).map((t) => [t.ts, t])))
  const picked = computed(() => (selected.value === null ? null : (byTs.value.get(selected.value) ?? null)))
  let timer: ReturnType<typeof setTimeout> | null = null
  let tries = 0
  let stopped = false

  async function read(): Promise<void> {
    timer = null
    const got = await call(() => deps.api.api.games({ id: deps.gameId }).review.get())
    if (stopped) return
    if (got.ok && got.data.status === 'ready') {
      review.value = got.data.review
      status.value = 'ready'
    } else if ((got.ok && got.data.status === 'pending') || (!got.ok && got.code === 'NETWORK')) {
      status.value = 'pending'
      if (++tries < poll.tries) timer = setTimeout(() => void read(), poll.intervalMs)
      else status.value = 'unavailable'
    } else status.value = 'unavailable'
  }

  return {
    status,
    review,
    byTs,
    selected,
    picked,
    /** Reads the review (once; later calls do nothing). */
    load() {
      if (status.value !== 'idle') return
      status.value = 'pending'
      void read()
    },
    /** Picks a turn, or un-picks it when it is the one picked. */
    select(ts: number | null) {
      selected.value = ts === selected.value ? null : ts
    },
    stop() {
      stopped = true
      if (timer) clearTimeout(timer)
    },
  }
}

export type Review = ReturnType<typeof createReview>
