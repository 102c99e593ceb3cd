/**
 * Sends events to the server in batches (SPEC.md §9, §8): one batch of at most 20 events every
 * 2 s while there is something to send and the browser is online; a 429, a 5xx or a network error
 * keeps the batch and waits 2.71 times longer, up to 5 times, then the batch is dropped; any other
 * 4xx drops it at once (it would never be accepted). A 2xx sends the next one after the base interval.
 */
export const BATCH = {
  intervalMs: 2000,
  backoffFactor: 2.71,
  maxBackoffs: 5,
  maxEvents: 20,
  /** Below the server's 32 KB per batch, leaving room for the session. */
  maxBytes: 30 * 1024,
  /** Events kept while the server cannot be reached; the oldest go first. */
  maxQueued: 200,
} as const

export interface BatcherDeps<E> {
  /** Posts one batch; resolves with the HTTP status, rejects on a network error. */
  post(events: E[], options: { keepalive: boolean }): Promise<number>
  online(): boolean
  /** Calls `fn` when the browser comes back online; returns the unsubscribe. */
  whenOnline(fn: () => void): () => void
  setTimer(fn: () => void, ms: number): unknown
  clearTimer(handle: unknown): void
}

export interface Batcher<E> {
  push(event: E): void
  /**
   * The page is going away: whatever waits goes out now with keepalive (the request outlives the
   * page) when online; answers the events it could not send, for the caller to keep.
   */
  flushOnExit(): E[]
  /** Events queued and not in flight (for tests and the exit path). */
  pending(): readonly E[]
  /** The delay before the next attempt, in ms (for tests). */
  delay(): number
  stop(): void
}

const size = (event: unknown) => JSON.stringify(event)?.length ?? 0

/** The leading events that fit one batch; an event too big for any batch is dropped. */
function takeBatch<E>(queue: E[]): E[] {
  const batch: E[] = []
  let bytes = 0
  while (queue.length > 0 && batch.length < BATCH.maxEvents) {
    const next = size(queue[0])
    if (next > BATCH.maxBytes) {
      queue.shift()
      continue
    }
    if (bytes + next > BATCH.maxBytes) break
    bytes += next
    batch.push(queue.shift() as E)
  }
  return batch
}

export function createBatcher<E>(deps: BatcherDeps<E>): Batcher<E> {
  const queue: E[] = []
  let backoffs = 0
  let timer: unknown = null
  let inFlight = false
  let unsubscribe: (() => void) | null = null
  let stopped = false

  const delay = () => BATCH.intervalMs * BATCH.backoffFactor ** backoffs

  function schedule() {
    if (stopped || timer !== null || inFlight || queue.length === 0) return
    timer = deps.setTimer(() => {
      timer = null
      void flush()
    }, delay())
  }

  async function flush() {
    if (queue.length === 0) return
    if (!deps.online()) {
      // SPEC.md §9: nothing is sent while offline; the queue waits for the 'online' event.
      unsubscribe ??= deps.whenOnline(() => {
        unsubscribe?.()
        unsubscribe = null
        schedule()
      })
      return
    }
    const batch = takeBatch(queue)
    if (batch.length === 0) return schedule()
    inFlight = true
    let status = 0
    try {
      status = await deps.post(batch, { keepalive: true })
    } catch {
      status = 0
    }
    inFlight = false
    const retry = status === 0 || status === 429 || status >= 500
    if (status >= 200 && status < 300) backoffs = 0
    else if (retry && backoffs < BATCH.maxBackoffs) {
      backoffs++
      queue.unshift(...batch)
    } else backoffs = 0 // dropped: a 4xx never succeeds, and 5 back-offs were enough
    schedule()
  }

  return {
    push(event) {
      if (stopped) return
      queue.push(event)
      if (queue.length > BATCH.maxQueued) queue.splice(0, queue.length - BATCH.maxQueued)
      schedule()
    },
    flushOnExit() {
      if (!deps.online()) return queue.splice(0)
      while (queue.length > 0) {
        const batch = takeBatch(queue)
        if (batch.length === 0) break
        deps.post(batch, { keepalive: true }).catch(() => {})
      }
      return []
    },
    pending: () => queue,
    delay,
    stop() {
      stopped = true
      if (timer !== null) deps.clearTimer(timer)
      timer = null
      unsubscribe?.()
    },
  }
}
