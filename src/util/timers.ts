import type { Logger } from '../observability/log.ts'

/**
 * Runs `task` every `ms`. A throw or rejection is logged, never left to end the process
 * (Bun exits on both inside a timer, PITFALLS.md). Runs do not overlap. Returns a stop function.
 */
export function every(ms: number, log: Logger, name: string, task: () => unknown): () => void {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    Promise.resolve()
      .then(task)
      .catch((err) => log.error(`${name} failed`, { err }))
      .finally(() => {
        running = false
      })
  }, ms)
  timer.unref?.()
  return () => clearInterval(timer)
}

/** setTimeout whose callback may throw or reject without ending the process. */
export function later(ms: number, log: Logger, name: string, task: () => unknown): () => void {
  const timer = setTimeout(() => {
    Promise.resolve()
      .then(task)
      .catch((err) => log.error(`${name} failed`, { err }))
  }, ms)
  return () => clearTimeout(timer)
}

/** Starts a promise nobody awaits, with its own catch. */
export function detach(log: Logger, name: string, task: () => Promise<unknown>): void {
  Promise.resolve()
    .then(task)
    .catch((err) => log.error(`${name} failed`, { err }))
}
