import type { Schedule } from '../clock.ts'
import type { Logger } from '../observability/log.ts'

/**
 * Runs `task` every `ms` on `schedule`'s time. A throw or rejection is logged, never left to end
 * the process (Bun exits on both inside a timer, PITFALLS.md). Runs do not overlap: the next one
 * is `ms` after the previous one ended. Returns a stop function.
 */
export function every(
  schedule: Schedule,
  ms: number,
  log: Logger,
  name: string,
  task: () => unknown,
): () => void {
  let stopped = false
  let cancel = () => {}
  const arm = () => {
    if (stopped) return
    cancel = schedule(ms, () =>
      detach(log, name, async () => {
        try {
          await task()
        } finally {
          arm()
        }
      }),
    )
  }
  arm()
  return () => {
    stopped = true
    cancel()
  }
}

/** A timer on `schedule`'s time whose callback may throw or reject without ending the process. */
export function later(
  schedule: Schedule,
  ms: number,
  log: Logger,
  name: string,
  task: () => unknown,
): () => void {
  return schedule(ms, () => detach(log, name, async () => task()))
}

/** Starts a promise nobody awaits, with its own catch. */
export function detach(log: Logger, name: string, task: () => Promise<unknown>): void {
  Promise.resolve()
    .then(task)
    .catch((err) => log.error(`${name} failed`, { err }))
}
