import type { AnalyticsDeps } from '../../web/observability/analytics.ts'

/** A window for startAnalytics: its page, timers fired by hand, events dispatched by the test. */
export function fakeWindow(page: { pathname: string; search?: string; hash?: string; title?: string }) {
  const listeners = new Map<string, Set<() => void>>()
  const timers: (() => void)[] = []
  const on = (type: string, fn: () => void) => {
    if (!listeners.has(type)) listeners.set(type, new Set())
    listeners.get(type)?.add(fn)
  }
  const doc = { title: page.title ?? '', visibilityState: 'visible' as DocumentVisibilityState }
  const win = {
    navigator: { onLine: true, language: 'en-GB' },
    location: { pathname: page.pathname, search: page.search ?? '', hash: page.hash ?? '' },
    document: { ...doc, addEventListener: on },
    addEventListener: on,
    removeEventListener: (type: string, fn: () => void) => listeners.get(type)?.delete(fn),
    setTimeout: (fn: () => void) => timers.push(fn),
    clearTimeout: () => {},
  }
  return {
    window: win as unknown as AnalyticsDeps['window'],
    /** Fires every pending timer (the batch interval) and waits for the posts. */
    async fireTimers() {
      for (const fn of timers.splice(0)) fn()
      await new Promise((r) => setTimeout(r, 20))
    },
    dispatch(type: string) {
      for (const fn of listeners.get(type) ?? []) fn()
    },
    hide() {
      win.document.visibilityState = 'hidden'
      this.dispatch('visibilitychange')
    },
    setOnline(online: boolean) {
      win.navigator.onLine = online
      if (online) this.dispatch('online')
    },
  }
}

/** Session storage in memory. */
export function memoryStorage() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  }
}
