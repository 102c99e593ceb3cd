import type { Schedule } from '../clock.ts'
import type { Logger } from '../observability/log.ts'

/**
 * A timer on `schedule`'s time: `task`'s throw or rejection is logged under `name`, never left to
 * end the process (Bun exits on both inside a timer, PITFALLS.md). Returns a stop function.
 */
export type Timer = (
  schedule: Schedule,
  ms: number,
  log: Logger,
  name: string,
  task: () => unknown,
) => () => void

/**
 * Runs `task` every `ms`. Runs do not overlap: the next one is `ms` after the previous one ended.
 */
export const every: Timer = (schedule, ms, log, name, task) => {
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

/** Runs `task` once, `ms` from now. */
export const later: Timer = (schedule, ms, log, name, task) =>
  schedule(ms, () => detach(log, name, async () => task()))

/** Starts a promise nobody awaits, with its own catch. */
export function detach(log: Logger, name: string, task: () => Promise<unknown>): void {
  Promise.resolve()
    .then(task)
    .catch((err) => log.error(`${name} failed`, { err }))
}
