/**
 * SPEC.md §9's loading indicator: a 3 px bar that shows only when a navigation or an API call takes
 * longer than 200 ms, creeps towards the end over about 2 s, fills and goes when the work is done.
 */
import { describe, expect, test } from 'bun:test'
import { act } from 'react'
import { useIsland } from '../../web/shell/context.ts'
import { createLoading, estimatedProgress, LOADING_INDICATOR } from '../../web/shell/loading.ts'
import { withDom } from './dom.ts'
import { pageProps, testHost } from './host.ts'
import { islandMounter } from './island-mount.tsx'

withDom()
const islands = islandMounter()

/** A screen whose API and navigation the test uses. */
let callApi: () => Promise<unknown> = async () => {}
let navigate: (url: string) => void = () => {}
function CallingScreen() {
  const { api, host } = useIsland()
  callApi = () => api.api.health.get()
  navigate = (url) => host.navigate(url)
  return <p>screen</p>
}

/** Timers the test moves by hand. */
function clock() {
  let now = 0
  let next = 1
  const due = new Map<number, { at: number; fn: () => void }>()
  return {
    timers: {
      now: () => now,
      setTimeout: (fn: () => void, ms: number) => {
        due.set(next, { at: now + ms, fn })
        return next++
      },
      clearTimeout: (id: unknown) => void due.delete(id as number),
    },
    advance(ms: number) {
      const end = now + ms
      for (;;) {
        const first = [...due].sort((a, b) => a[1].at - b[1].at)[0]
        if (!first || first[1].at > end) break
        due.delete(first[0])
        now = first[1].at
        first[1].fn()
      }
      now = end
    },
  }
}

function deferred() {
  let resolve = () => {}
  const promise = new Promise<void>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

describe('the loading indicator', () => {
  test('work done within the 200 ms throttle never shows the bar', async () => {
    const c = clock()
    const loading = createLoading(c.timers)
    const work = deferred()
    const tracked = loading.track(work.promise)
    c.advance(LOADING_INDICATOR.throttleMs - 1)
    work.resolve()
    await tracked
    c.advance(1000)
    expect(loading.visible.value).toBe(false)
    expect(loading.progress.value).toBe(0)
  })

  test('longer work shows it after 200 ms, creeping on; when done it fills and goes', async () => {
    const c = clock()
    const loading = createLoading(c.timers)
    const work = deferred()
    const tracked = loading.track(work.promise)
    c.advance(LOADING_INDICATOR.throttleMs)
    expect(loading.visible.value).toBe(true)
    c.advance(500)
    const early = loading.progress.value
    c.advance(1500)
    const later = loading.progress.value
    expect(early).toBeGreaterThan(0)
    expect(later).toBeGreaterThan(early)
    // At the expected 2 s it is about two thirds of the way, never full while work runs.
    expect(estimatedProgress(LOADING_INDICATOR.durationMs)).toBeCloseTo(70.5, 0)
    c.advance(60_000)
    expect(loading.progress.value).toBeLessThan(100)
    work.resolve()
    await tracked
    expect(loading.progress.value).toBe(100)
    c.advance(1000)
    expect(loading.visible.value).toBe(false)
  })

  test('two calls at once: the bar stays until both are done', async () => {
    const c = clock()
    const loading = createLoading(c.timers)
    const [a, b] = [deferred(), deferred()]
    const ta = loading.track(a.promise)
    const tb = loading.track(b.promise)
    c.advance(300)
    a.resolve()
    await ta
    c.advance(1000)
    expect(loading.visible.value).toBe(true)
    b.resolve()
    await tb
    c.advance(1000)
    expect(loading.visible.value).toBe(false)
  })

  test('a navigation runs it until the page goes; a page restored from the cache starts at rest', () => {
    const c = clock()
    const loading = createLoading(c.timers)
    loading.navigate()
    c.advance(5000)
    expect(loading.visible.value).toBe(true)
    loading.reset()
    expect(loading.visible.value).toBe(false)
    c.advance(5000)
    expect(loading.visible.value).toBe(false)
  })

  test('an island’s API calls drive the bar, 3 px high at the top of every layout', async () => {
    const held = deferred()
    const t = testHost(() => ({ status: 200, body: { success: true, data: {} } }))
    const plain = t.host.fetch as typeof fetch
    t.host.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      await held.promise
      return plain(input, init)
    }) as typeof fetch
    const container = await islands.mount(CallingScreen, pageProps(), t.host)
    const bar = () => container.querySelector<HTMLElement>('[data-testid="loading-bar"]')
    // The layout (mini-app) has it, at the top.
    expect(container.querySelectorAll('.loading-bar').length).toBe(1)
    expect(container.querySelector('.layout')?.firstElementChild?.className).toBe('loading-bar')
    expect(bar()?.style.height).toBe('3px')
    expect(bar()?.dataset.visible).toBeUndefined()
    let done: Promise<unknown> = Promise.resolve()
    await act(async () => {
      done = callApi()
    })
    await act(() => new Promise((r) => setTimeout(r, LOADING_INDICATOR.throttleMs + 50)))
    expect(bar()?.dataset.visible).toBe('true')
    await act(async () => {
      held.resolve()
      await done
    })
    await act(() => new Promise((r) => setTimeout(r, 600)))
    expect(bar()?.dataset.visible).toBeUndefined()
  })
  test('a navigation of the island runs the bar until the page goes, and still navigates', async () => {
    const t = testHost(() => ({ status: 200, body: { success: true, data: {} } }))
    const container = await islands.mount(CallingScreen, pageProps(), t.host)
    await act(async () => navigate('/en/daily'))
    expect(t.navigations).toEqual(['/en/daily'])
    await act(() => new Promise((r) => setTimeout(r, LOADING_INDICATOR.throttleMs + 50)))
    expect(container.querySelector<HTMLElement>('[data-testid="loading-bar"]')?.dataset.visible).toBe('true')
  })
})
