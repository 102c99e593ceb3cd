import { describe, expect, test } from 'bun:test'
import { BATCH, type BatcherDeps, createBatcher } from '../../web/observability/batcher.ts'

/** Timers the test fires by hand, a switchable network and the statuses the "server" answers. */
function harness(statuses: (number | 'network')[] = []) {
  const timers: { fn: () => void; ms: number }[] = []
  const sent: { events: number[]; keepalive: boolean }[] = []
  let online = true
  const onlineListeners = new Set<() => void>()
  const deps: BatcherDeps<number> = {
    async post(events, { keepalive }) {
      sent.push({ events, keepalive })
      const status = statuses.shift() ?? 200
      if (status === 'network') throw new TypeError('Failed to fetch')
      return status
    },
    online: () => online,
    whenOnline(fn) {
      onlineListeners.add(fn)
      return () => onlineListeners.delete(fn)
    },
    setTimer(fn, ms) {
      const timer = { fn, ms }
      timers.push(timer)
      return timer
    },
    clearTimer(handle) {
      timers.splice(timers.indexOf(handle as (typeof timers)[number]), 1)
    },
  }
  const batcher = createBatcher(deps)
  return {
    batcher,
    sent,
    timers,
    /** Fires the one pending timer and lets the post settle; answers the delay it was set for. */
    async tick(): Promise<number> {
      expect(timers).toHaveLength(1)
      const timer = timers.shift() as (typeof timers)[number]
      timer.fn()
      for (let i = 0; i < 5; i++) await Promise.resolve()
      return timer.ms
    },
    goOffline() {
      online = false
    },
    goOnline() {
      online = true
      for (const fn of [...onlineListeners]) fn()
    },
  }
}

const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i)

describe('analytics batches (SPEC.md §9: 2 s, ×2.71 up to 5 back-offs, 20 events, online only)', () => {
  test('events wait 2 s and go out at most 20 a batch, one batch per interval', async () => {
    const h = harness()
    for (const n of range(45)) h.batcher.push(n)
    expect(h.sent).toHaveLength(0)
    expect(await h.tick()).toBe(2000)
    expect(await h.tick()).toBe(2000)
    expect(await h.tick()).toBe(2000)
    expect(h.sent.map((b) => b.events.length)).toEqual([20, 20, 5])
    expect(h.sent.flatMap((b) => b.events)).toEqual(range(45))
    expect(h.timers).toHaveLength(0)
  })

  test('5xx and network errors keep the batch and back off ×2.71, five times, then drop it', async () => {
    const h = harness([503, 'network', 500, 502, 500, 500])
    h.batcher.push(1)
    const delays: number[] = []
    for (let i = 0; i < 6; i++) delays.push(await h.tick())
    expect(delays.map(Math.round)).toEqual([2000, 5420, 14688, 39805, 107872, 292332])
    expect(h.sent).toHaveLength(6)
    expect(h.sent.every((b) => b.events[0] === 1)).toBe(true)
    // The sixth failure drops it: nothing is left, and the interval is back to 2 s.
    expect(h.batcher.pending()).toEqual([])
    expect(h.timers).toHaveLength(0)
    h.batcher.push(2)
    expect(await h.tick()).toBe(2000)
    expect(h.sent.at(-1)?.events).toEqual([2])
  })

  test('429 backs off and retries the same batch; a 2xx resets the interval', async () => {
    const h = harness([429, 200])
    h.batcher.push(7)
    await h.tick()
    expect(h.batcher.pending()).toEqual([7])
    expect(Math.round(await h.tick())).toBe(Math.round(BATCH.intervalMs * BATCH.backoffFactor))
    expect(h.sent.map((b) => b.events)).toEqual([[7], [7]])
    expect(h.batcher.delay()).toBe(2000)
  })

  test('any other 4xx drops the batch silently, and the next one goes on', async () => {
    const h = harness([400, 200])
    for (const n of range(25)) h.batcher.push(n)
    await h.tick()
    expect(h.batcher.pending()).toEqual(range(5, 20))
    expect(await h.tick()).toBe(2000)
    expect(h.sent.map((b) => b.events.length)).toEqual([20, 5])
  })

  test('nothing is sent while offline; coming back online sends', async () => {
    const h = harness()
    h.goOffline()
    h.batcher.push(1)
    await h.tick()
    expect(h.sent).toHaveLength(0)
    expect(h.timers).toHaveLength(0)
    h.goOnline()
    await h.tick()
    expect(h.sent.map((b) => b.events)).toEqual([[1]])
  })

  test('a batch stays under 30 KB: big events split batches, an event too big alone is dropped', async () => {
    const h = harness()
    const big = 'x'.repeat(12 * 1024)
    const batcher = createBatcher<string>({
      post: async (events) => {
        h.sent.push({ events: events.map((e) => e.length), keepalive: true })
        return 200
      },
      online: () => true,
      whenOnline: () => () => {},
      setTimer: (fn) => {
        const timer = { fn, ms: 0 }
        h.timers.push(timer)
        return timer
      },
      clearTimer: () => {},
    })
    batcher.push(big)
    batcher.push('y'.repeat(40 * 1024))
    batcher.push(big)
    batcher.push(big)
    await h.tick()
    await h.tick()
    expect(h.sent.map((b) => b.events)).toEqual([[big.length, big.length], [big.length]])
  })

  test('the queue keeps the newest 200 events', () => {
    const h = harness()
    h.goOffline()
    for (const n of range(250)) h.batcher.push(n)
    expect(h.batcher.pending()).toEqual(range(200, 50))
  })

  test('on exit, waiting events go out with keepalive; offline they are handed back to keep', async () => {
    const h = harness()
    for (const n of range(30)) h.batcher.push(n)
    expect(h.batcher.flushOnExit()).toEqual([])
    expect(h.sent.map((b) => [b.events.length, b.keepalive])).toEqual([
      [20, true],
      [10, true],
    ])
    const offline = harness()
    offline.goOffline()
    offline.batcher.push(5)
    expect(offline.batcher.flushOnExit()).toEqual([5])
    expect(offline.sent).toEqual([])
  })
})
