/** Milliseconds since the epoch. The app reads time only through this, so tests can move it. */
export type Clock = () => number

export const systemClock: Clock = () => Date.now()

/**
 * Runs `fn` once, `ms` of the app's time from now; answers a cancel. Every deadline of the app's
 * own (turn limits, countdowns, the computer's delay, sweeps, pushes, midnight, token refresh)
 * waits through this, so a test moves the time and those timers with it instead of sleeping.
 * Watchdogs of real work (an I/O time limit, lock heartbeats, a review job's limit) measure the
 * machine, not the app's time, and keep plain timers.
 */
export type Schedule = (ms: number, fn: () => void) => () => void

/**
 * Real timers. Unreferenced: a pending deadline alone does not keep a process alive (the
 * listening server does).
 */
export const systemSchedule: Schedule = (ms, fn) => {
  const timer = setTimeout(fn, ms)
  timer.unref?.()
  return () => clearTimeout(timer)
}
