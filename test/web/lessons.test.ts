import { describe, expect, test } from 'bun:test'
import en from '../../locales/en.json'
import { translator } from '../../shared/i18n.ts'
import { createLessons } from '../../web/game/lessons.ts'

const mentor = en.tutorial.mentor

describe("the mentor's lessons in a tutorial game", () => {
  test('the lessons of one action show together, at once, in the order sent', () => {
    const lessons = createLessons({ t: translator('en') })
    expect(lessons.current.value).toEqual([])
    expect(lessons.take(['tutorial.mentor.capture', 'tutorial.mentor.hint'])).toBe(true)
    expect(lessons.current.value).toEqual([mentor.capture, mentor.hint])
  })

  test('in step with the moves: the mentor’s move adds its lesson, the player’s next word starts afresh', () => {
    const lessons = createLessons({ t: translator('en') })
    lessons.take(['tutorial.mentor.select'])
    // The player's first word (cleared by the caller on the player's own turn), then the mentor's.
    lessons.clear()
    lessons.take(['tutorial.mentor.capture'])
    lessons.take(['tutorial.mentor.availability'])
    expect(lessons.current.value).toEqual([mentor.capture, mentor.availability])
    lessons.clear()
    lessons.take(['tutorial.mentor.base'])
    expect(lessons.current.value).toEqual([mentor.base])
  })

  test('the ending is kept apart for the result, in the page’s language', () => {
    const lessons = createLessons({ t: translator('es') })
    lessons.take(['tutorial.mentor.booster', 'tutorial.mentor.win'])
    const win = translator('es')('tutorial.mentor.win')
    expect(lessons.ending.value).toBe(win)
    expect(lessons.current.value).toEqual([translator('es')('tutorial.mentor.booster'), win])
  })

  test('other intercom messages and unknown lesson keys are not lessons', () => {
    const lessons = createLessons({ t: translator('en') })
    expect(lessons.take(['😀'])).toBe(false)
    expect(lessons.take(['tutorial.mentor.unknownLesson'])).toBe(false)
    expect(lessons.current.value).toEqual([])
    expect(lessons.take(['😀', 'tutorial.mentor.again'])).toBe(true)
    expect(lessons.ending.value).toBe(mentor.again)
    expect(lessons.current.value).toEqual([mentor.again])
  })
})
