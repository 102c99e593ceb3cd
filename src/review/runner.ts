/**
 * The main thread's side of the review worker: jobs go to one lazily started Worker and come back
 * by id. A worker that fails (an error event, a job past its time limit) is ended and its jobs are
 * refused; the next job starts a new one. Nothing here throws into the event loop.
 */
import { REVIEW_WORKER } from '../binary/layout.ts'
import type { Logger } from '../observability/log.ts'
import type { ReviewJob, ReviewOutcome, ReviewReply } from './job.ts'

/** A review that takes longer than this is given up (the worker is stuck or the game is huge). */
const JOB_TIMEOUT_MS = 120_000

export interface ReviewRunner {
  run(job: Omit<ReviewJob, 'id' | 'dictionariesDir'>): Promise<ReviewOutcome>
  /** Jobs the worker has answered since start (tests: a review is computed once). */
  readonly completed: number
  stop(): void
}

interface Pending {
  resolve(outcome: ReviewOutcome): void
  reject(err: Error): void
  timer: ReturnType<typeof setTimeout>
}

export function createReviewRunner(options: { dictionariesDir: string; log: Logger }): ReviewRunner {
  const { log } = options
  let worker: Worker | null = null
  let nextId = 1
  let completed = 0
  const pending = new Map<number, Pending>()

  const failAll = (reason: string) => {
    for (const [id, p] of pending) {
      clearTimeout(p.timer)
      p.reject(new Error(reason))
      pending.delete(id)
    }
  }

  const drop = (reason: string) => {
    worker?.terminate()
    worker = null
    failAll(reason)
  }

  const start = (): Worker => {
    const w = new Worker(
      Bun.isStandaloneExecutable ? REVIEW_WORKER.embedded : new URL('./worker.ts', import.meta.url).href,
    )
    w.onmessage = (event: MessageEvent<ReviewReply>) => {
      const reply = event.data
      const p = pending.get(reply.id)
      if (!p) return
      pending.delete(reply.id)
      clearTimeout(p.timer)
      completed++
      if (reply.ok) p.resolve(reply.outcome)
      else p.reject(new Error(reply.error))
    }
    w.onerror = (event) => {
      log.error('review worker failed', { err: event.message })
      drop('the review worker failed')
    }
    return w
  }

  return {
    run(job) {
      return new Promise<ReviewOutcome>((resolve, reject) => {
        const id = nextId++
        const timer = setTimeout(() => {
          log.error('review timed out', { gameId: job.final.id })
          drop('the review took too long')
        }, JOB_TIMEOUT_MS)
        pending.set(id, { resolve, reject, timer })
        try {
          worker ??= start()
          worker.postMessage({ ...job, id, dictionariesDir: options.dictionariesDir } satisfies ReviewJob)
        } catch (err) {
          pending.delete(id)
          clearTimeout(timer)
          reject(err instanceof Error ? err : new Error(String(err)))
        }
      })
    },
    get completed() {
      return completed
    },
    stop() {
      drop('the server is stopping')
    },
  }
}
