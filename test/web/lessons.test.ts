import { describe, expect, test } from 'bun:test'
import { effect } from '@preact/signals-react'
import en from '../../locales/en.json'
import { createLessons } from '../../web/game/lessons.ts'
import { translator } from '../../web/i18n.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Waits (on a loaded machine too) until `check` holds; answers the milliseconds it took. */
async function until(check: () => boolean): Promise<number> {
  const start = performance.now()
  while (!check()) {
    if (performance.now() - start > 5000) throw new Error('condition not met')
    await sleep(2)
  }
  return performance.now() - start
}

describe("the mentor's lessons in a tutorial game", () => {
  test('every lesson shows in order, each for the display time, and the last one stays', async () => {
    const lessons = createLessons({ t: translator('en'), displayMs: 40 })
    expect(lessons.current.value).toBeNull()
    expect(lessons.receive('tutorial.mentor.select')).toBe(true)
    expect(lessons.current.value).toBe(en.tutorial.mentor.select)
    // One action bringing two lessons: both show, one after the other.
    lessons.receive('tutorial.mentor.capture')
    lessons.receive('tutorial.mentor.hint')
    expect(lessons.current.value).toBe(en.tutorial.mentor.select)
    // Every change, as it happens (however late the polling below wakes up).
    const seen: (string | null)[] = []
    const unwatch = effect(() => void seen.push(lessons.current.value))
    const waited = await until(() => lessons.current.value === en.tutorial.mentor.hint)
    unwatch()
    expect(seen).toEqual([en.tutorial.mentor.select, en.tutorial.mentor.capture, en.tutorial.mentor.hint])
    // Two changes, each after the display time (timers never fire early; a slow machine only adds).
    expect(waited).toBeGreaterThanOrEqual(75)
    await sleep(100)
    expect(lessons.current.value).toBe(en.tutorial.mentor.hint)
    lessons.stop()
  })

  test('tapping shows the next at once; the ending is kept apart for the result', () => {
    const lessons = createLessons({ t: translator('es'), displayMs: 60_000 })
    lessons.receive('tutorial.mentor.booster')
    lessons.receive('tutorial.mentor.win')
    const win = translator('es')('tutorial.mentor.win')
    expect(lessons.ending.value).toBe(win)
    expect(lessons.current.value).toBe(translator('es')('tutorial.mentor.booster'))
    lessons.next()
    expect(lessons.current.value).toBe(win)
    // Nothing after the last: it stays.
    lessons.next()
    expect(lessons.current.value).toBe(win)
    lessons.stop()
  })

  test('other intercom messages and unknown lesson keys are not lessons', () => {
    const lessons = createLessons({ t: translator('en') })
    expect(lessons.receive('😀')).toBe(false)
    expect(lessons.receive('tutorial.mentor.unknownLesson')).toBe(false)
    expect(lessons.current.value).toBeNull()
    expect(lessons.receive('tutorial.mentor.again')).toBe(true)
    expect(lessons.ending.value).toBe(en.tutorial.mentor.again)
    lessons.stop()
  })
})
