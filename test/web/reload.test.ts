/**
 * SPEC.md §2/§9: a newer build (on a restored page, an app shown again, 1 s after load) or a failed
 * chunk reloads the page, at most once per path per 10 s (a fake clock); the check compares the
 * page's build (meta tag) with /builds/latest.json.
 */
import { describe, expect, test } from 'bun:test'
import { checkBuild, ownBuildId, startBuildCheck } from '../../web/shell/build-check.ts'
import { isChunkLoadError, watchChunkErrors } from '../../web/shell/chunk-errors.ts'
import { watchPage } from '../../web/shell/page-watch.ts'
import { RELOAD_GUARD_KEY, RELOAD_GUARD_MS, reloadOnce } from '../../web/shell/reload-guard.ts'
import { withDom } from './dom.ts'
import { memoryStorage } from './fake-window.ts'

withDom()

/** A guard on a fake clock over memory storage; `reloads` counts the real reloads. */
function guard(start = 1_000_000) {
  let now = start
  let reloads = 0
  const storage = memoryStorage()
  return {
    storage,
    deps: { storage, now: () => now, reload: () => void reloads++ },
    advance(ms: number) {
      now += ms
    },
    get reloads() {
      return reloads
    },
  }
}

describe('the reload guard', () => {
  test('once per path per 10 s: a second reload of the path within 10 s is refused, after it allowed', () => {
    const g = guard()
    expect(reloadOnce(g.deps, '/en/game/g1')).toBe(true)
    g.advance(RELOAD_GUARD_MS - 1)
    expect(reloadOnce(g.deps, '/en/game/g1')).toBe(false)
    expect(g.reloads).toBe(1)
    g.advance(1)
    expect(reloadOnce(g.deps, '/en/game/g1')).toBe(true)
    expect(g.reloads).toBe(2)
  })

  test('another path is its own count', () => {
    const g = guard()
    expect(reloadOnce(g.deps, '/en/profile/u1')).toBe(true)
    expect(reloadOnce(g.deps, '/en/game/g1')).toBe(true)
    expect(reloadOnce(g.deps, '/en/profile/u1')).toBe(false)
    expect(g.reloads).toBe(2)
  })

  test('the record survives the reload (session storage) and keeps only what is still in force', () => {
    const g = guard()
    reloadOnce(g.deps, '/a')
    g.advance(RELOAD_GUARD_MS + 5)
    reloadOnce(g.deps, '/b')
    expect(Object.keys(JSON.parse(g.storage.getItem(RELOAD_GUARD_KEY) ?? '{}'))).toEqual(['/b'])
  })

  test('without storage nothing could stop a loop: no reload at all; garbage stored is no record', () => {
    let reloads = 0
    expect(reloadOnce({ storage: null, now: () => 0, reload: () => void reloads++ }, '/')).toBe(false)
    expect(reloads).toBe(0)
    const g = guard()
    g.storage.setItem(RELOAD_GUARD_KEY, '{not json')
    expect(reloadOnce(g.deps, '/')).toBe(true)
  })
})

describe('a newer build', () => {
  test('the page names its build in a meta tag', () => {
    document.head.innerHTML = '<meta name="build-id" content="abc123">'
    expect(ownBuildId(document)).toBe('abc123')
    document.head.innerHTML = ''
    expect(ownBuildId(document)).toBeNull()
  })

  test('reloads when the served build differs; not when it is the same or unknown', async () => {
    let reloads = 0
    const deps = (latest: string | null, own: string | null = 'b1') => ({
      own,
      latest: async () => latest,
      reload: () => void reloads++,
      setTimeout: () => 0,
    })
    expect(await checkBuild(deps('b1'))).toBe(false)
    expect(await checkBuild(deps(null))).toBe(false)
    expect(await checkBuild(deps('b2', null))).toBe(false)
    expect(reloads).toBe(0)
    expect(await checkBuild(deps('b2'))).toBe(true)
    expect(reloads).toBe(1)
  })

  test('the first check runs 1 s after load', async () => {
    const timers: { fn: () => void; ms: number }[] = []
    let asked = 0
    startBuildCheck({
      own: 'b1',
      latest: async () => {
        asked++
        return 'b1'
      },
      reload: () => {},
      setTimeout: (fn, ms) => timers.push({ fn, ms }),
    })
    expect(asked).toBe(0)
    expect(timers.map((t) => t.ms)).toEqual([1000])
    timers[0].fn()
    expect(asked).toBe(1)
  })

  test('a page restored from the back-forward cache checks again, and a newer build reloads it once per 10 s', async () => {
    document.head.innerHTML = '<meta name="build-id" content="old">'
    const g = guard()
    const served: string[] = []
    const win = {
      location: { origin: 'http://localhost:3000' },
      addEventListener: window.addEventListener.bind(window),
      removeEventListener: window.removeEventListener.bind(window),
      setTimeout: () => 0,
      fetch: (async (input: URL) => {
        served.push(input.pathname)
        return new Response(JSON.stringify({ id: 'new', timestamp: 1 }), { status: 200 })
      }) as typeof fetch,
    }
    watchPage(
      win as unknown as Parameters<typeof watchPage>[0],
      document,
      () => void reloadOnce(g.deps, '/en'),
    )
    const restored = () => {
      const event = new Event('pageshow') as Event & { persisted: boolean }
      Object.defineProperty(event, 'persisted', { value: true })
      window.dispatchEvent(event)
    }
    restored()
    await new Promise((r) => setTimeout(r, 10))
    expect(served).toEqual(['/builds/latest.json'])
    expect(g.reloads).toBe(1)
    // The reloaded page is still old (a process that had not moved on): no loop.
    restored()
    await new Promise((r) => setTimeout(r, 10))
    expect(g.reloads).toBe(1)
    g.advance(RELOAD_GUARD_MS)
    restored()
    await new Promise((r) => setTimeout(r, 10))
    expect(g.reloads).toBe(2)
    document.head.innerHTML = ''
  })
})

describe('a failed chunk', () => {
  test('is told apart from other errors by the browsers’ messages', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/chunk-a.js')),
    ).toBe(true)
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
    expect(isChunkLoadError(null)).toBe(false)
  })

  test('an uncaught failed import or a script of /assets/ that did not load reloads; other errors do not', async () => {
    let reloads = 0
    const stop = watchChunkErrors(window, () => void reloads++)
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown }
    Object.defineProperty(rejection, 'reason', {
      value: new TypeError(
        'Failed to fetch dynamically imported module: http://localhost:3000/assets/chunk-x.js',
      ),
    })
    window.dispatchEvent(rejection)
    expect(reloads).toBe(1)

    // happy-dom loads no script files: the script fails as a missing chunk would.
    const ours = document.createElement('script')
    ours.src = '/assets/chunk-y.js'
    document.body.append(ours)
    await new Promise((r) => setTimeout(r, 10))
    expect(reloads).toBe(2)

    const theirs = document.createElement('script')
    theirs.src = 'https://telegram.org/js/telegram-widget.js'
    document.body.append(theirs)
    await new Promise((r) => setTimeout(r, 10))
    const other = new Event('unhandledrejection') as Event & { reason: unknown }
    Object.defineProperty(other, 'reason', { value: new Error('boom') })
    window.dispatchEvent(other)
    expect(reloads).toBe(2)
    stop()
    document.body.innerHTML = ''
  })
})
