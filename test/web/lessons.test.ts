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

const mentor = en.tutorial.mentor

describe("the mentor's lessons in a tutorial game", () => {
  test('the lessons of one action show in order, each for the display time, and the last one stays', async () => {
    const lessons = createLessons({ t: translator('en'), displayMs: 40 })
    expect(lessons.current.value).toBeNull()
    expect(lessons.take(['tutorial.mentor.capture', 'tutorial.mentor.hint'])).toBe(true)
    expect(lessons.current.value).toBe(mentor.capture)
    const seen: (string | null)[] = []
    const unwatch = effect(() => void seen.push(lessons.current.value))
    const waited = await until(() => lessons.current.value === mentor.hint)
    unwatch()
    expect(seen).toEqual([mentor.capture, mentor.hint])
    // The change came after the display time (timers never fire early; a slow machine only adds).
    expect(waited).toBeGreaterThanOrEqual(35)
    await sleep(100)
    expect(lessons.current.value).toBe(mentor.hint)
    lessons.stop()
  })

  test('a new action’s lesson replaces the one on screen at once: never a move behind', () => {
    const lessons = createLessons({ t: translator('en'), displayMs: 60_000 })
    lessons.take(['tutorial.mentor.select'])
    lessons.take(['tutorial.mentor.capture'])
    expect(lessons.current.value).toBe(mentor.capture)
    lessons.take(['tutorial.mentor.availability'])
    expect(lessons.current.value).toBe(mentor.availability)
    // The player's next word: what was said is over.
    lessons.clear()
    expect(lessons.current.value).toBeNull()
    lessons.stop()
  })

  test('tapping shows the next at once; the ending is kept apart for the result', () => {
    const lessons = createLessons({ t: translator('es'), displayMs: 60_000 })
    lessons.take(['tutorial.mentor.booster', 'tutorial.mentor.win'])
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
    expect(lessons.take(['😀'])).toBe(false)
    expect(lessons.take(['tutorial.mentor.unknownLesson'])).toBe(false)
    expect(lessons.current.value).toBeNull()
    expect(lessons.take(['😀', 'tutorial.mentor.again'])).toBe(true)
    expect(lessons.ending.value).toBe(mentor.again)
    lessons.stop()
  })
})
