/**
 * The app's timers on the test clock (src/clock.ts Schedule, docs/testing.md): letting time pass
 * runs what came due, in order, without waiting for it; moving the clock alone runs nothing; a
 * repeating job runs once per period that passes and never after its stop.
 */
import { expect, test } from 'bun:test'
import { createLogger } from '../../src/observability/log.ts'
import { every, later } from '../../src/util/timers.ts'
import { testClock } from './harness.ts'

const log = createLogger({ level: 'error', sink: () => {} })
/** Lets the jobs' promise chains (then, catch, finally) settle. */
const settle = () => new Promise((r) => setImmediate(r))

test('elapse runs the timers that come due, in order; advance runs none', async () => {
  const clock = testClock()
  const fired: string[] = []
  clock.schedule(60_000, () => fired.push('a minute'))
  clock.schedule(1_000, () => fired.push('a second'))
  const cancelled = clock.schedule(2_000, () => fired.push('cancelled'))
  clock.schedule(3_600_000, () => fired.push('an hour'))
  cancelled()

  clock.advance(120_000)
  expect(fired).toEqual([])
  clock.advance(-120_000)
  clock.elapse(90_000)
  expect(fired).toEqual(['a second', 'a minute'])
  // A timer set while time passes, due within it, runs too.
  clock.schedule(0, () => fired.push('at once'))
  clock.elapse(0)
  expect(fired).toEqual(['a second', 'a minute', 'at once'])
})

test('a job every period runs once per period that passes, and not after its stop', async () => {
  const clock = testClock()
  let runs = 0
  const stop = every(clock.schedule, 10_000, log, 'count', () => {
    runs++
  })
  for (let i = 1; i <= 3; i++) {
    clock.elapse(10_000)
    await settle()
    expect(runs).toBe(i)
  }
  stop()
  clock.elapse(60_000)
  await settle()
  expect(runs).toBe(3)

  let once = 0
  later(clock.schedule, 5_000, log, 'once', () => {
    once++
  })
  clock.elapse(4_999)
  expect(once).toBe(0)
  clock.elapse(1)
  await settle()
  expect(once).toBe(1)
})
