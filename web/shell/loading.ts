import { type Signal, signal } from '@preact/signals-react'

/** SPEC.md §9 loading indicator defaults. */
export const LOADING_INDICATOR = { throttleMs: 200, durationMs: 2000, heightPx: 3 } as const
/** How often the bar creeps on, and how long it stays full before it goes. */
const TICK_MS = 100
const HIDE_AFTER_MS = 400

export interface LoadingTimers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  now(): number
}

const BROWSER_TIMERS: LoadingTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
}

/**
 * How far the bar is after `elapsed` ms, in percent: about 70 % at the expected duration, then ever
 * slower towards 100 % (Nuxt's loading indicator estimates the same way).
 */
export function estimatedProgress(elapsed: number, duration: number = LOADING_INDICATOR.durationMs): number {
  return (2 / Math.PI) * 100 * Math.atan(((elapsed / duration) * 100) / 50)
}

export interface Loading {
  /** Whether the bar shows. */
  visible: Signal<boolean>
  /** 0-100. */
  progress: Signal<number>
  /** Shows the bar while `work` runs (after the throttle: quick work never shows it). */
  track<T>(work: Promise<T>): Promise<T>
  /** A navigation began: the bar runs until this page is gone. */
  navigate(): void
  /** Back to rest (a page restored from the back-forward cache). */
  reset(): void
}

/** The top loading bar's state (SPEC.md §9): API calls and navigations in flight. One per island. */
export function createLoading(timers: LoadingTimers = BROWSER_TIMERS): Loading {
  const visible = signal(false)
  const progress = signal(0)
  let pending = 0
  let startedAt = 0
  let showTimer: unknown = null
  let tickTimer: unknown = null
  let hideTimer: unknown = null

  const clear = (handle: unknown) => {
    if (handle !== null) timers.clearTimeout(handle)
    return null
  }

  function tick() {
    progress.value = Math.min(99, estimatedProgress(timers.now() - startedAt))
    tickTimer = timers.setTimeout(tick, TICK_MS)
  }

  function show() {
    showTimer = null
    startedAt = timers.now()
    visible.value = true
    tick()
  }

  function begin() {
    pending++
    if (pending > 1) return
    hideTimer = clear(hideTimer)
    if (!visible.value) showTimer = timers.setTimeout(show, LOADING_INDICATOR.throttleMs)
  }

  function end() {
    pending = Math.max(0, pending - 1)
    if (pending > 0) return
    showTimer = clear(showTimer)
    if (!visible.value) return
    tickTimer = clear(tickTimer)
    progress.value = 100
    hideTimer = timers.setTimeout(() => {
      hideTimer = null
      visible.value = false
      progress.value = 0
    }, HIDE_AFTER_MS)
  }

  return {
    visible,
    progress,
    track(work) {
      begin()
      return work.finally(end)
    },
    navigate: begin,
    reset() {
      pending = 0
      showTimer = clear(showTimer)
      tickTimer = clear(tickTimer)
      hideTimer = clear(hideTimer)
      visible.value = false
      progress.value = 0
    },
  }
}
