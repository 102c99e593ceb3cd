import { computed, signal } from '@preact/signals-react'
import { lessonOfMessage, MENTOR_ENDINGS, mentorMessage, TIMING } from '../../engine/index.ts'
import type { MessageKey, Translate } from '../i18n.ts'

/**
 * The robot mentor's lessons in a tutorial game, as the server sends them (intercom events whose
 * message is a lesson's locale key). One action may bring several (a first word that also reaches
 * a hint's price; the last word and the end): they queue like intercom messages (SPEC.md §4), each
 * on screen for the intercom time before the next, and the last one stays. The ending (win or
 * again) is also kept apart for the result screen, which covers the board.
 */
export function createLessons(options: { t: Translate; displayMs?: number }) {
  const displayMs = options.displayMs ?? TIMING.intercomDisplayMs
  const queue = signal<string[]>([])
  const ending = signal<string | null>(null)
  let timer: ReturnType<typeof setTimeout> | null = null

  function advance() {
    if (timer) clearTimeout(timer)
    timer = null
    if (queue.value.length > 1) queue.value = queue.value.slice(1)
    schedule()
  }

  function schedule() {
    if (timer || queue.value.length < 2) return
    timer = setTimeout(advance, displayMs)
  }

  return {
    /** The lesson on screen, translated. */
    current: computed(() => queue.value[0] ?? null),
    ending,
    /** Takes an intercom message; answers whether it was one of the mentor's lessons. */
    receive(message: string): boolean {
      const lesson = lessonOfMessage(message)
      if (!lesson) return false
      const text = options.t(mentorMessage(lesson) as MessageKey)
      queue.value = [...queue.value, text]
      if ((MENTOR_ENDINGS as readonly string[]).includes(lesson)) ending.value = text
      schedule()
      return true
    },
    /** The next lesson now (the player tapped the bubble). */
    next: advance,
    stop() {
      if (timer) clearTimeout(timer)
      timer = null
    },
  }
}

export type Lessons = ReturnType<typeof createLessons>
