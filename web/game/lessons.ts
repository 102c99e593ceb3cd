import { computed, signal } from '@preact/signals-react'
import { lessonOfMessage, MENTOR_ENDINGS, mentorMessage, TIMING } from '../../engine/index.ts'
import type { MessageKey, Translate } from '../i18n.ts'

/**
 * The robot mentor's lessons in a tutorial game, as the server sends them (intercom events whose
 * message is a lesson's locale key), kept in step with the moves: the lessons of one action replace
 * whatever the mentor was saying at once (never queued behind older ones). One action may bring
 * several (a first word that also reaches a hint's price; the last word and the end): those show
 * one after the other, each for the intercom time, and the last one stays until the player's next
 * word or the next lesson. The ending (win or again) is also kept for the result banner.
 */
export function createLessons(options: { t: Translate; displayMs?: number }) {
  const displayMs = options.displayMs ?? TIMING.intercomDisplayMs
  const queue = signal<string[]>([])
  const ending = signal<string | null>(null)
  let timer: ReturnType<typeof setTimeout> | null = null

  function stop() {
    if (timer) clearTimeout(timer)
    timer = null
  }

  function advance() {
    stop()
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
    /** Takes the intercom messages of one action; answers whether any was one of the mentor's lessons. */
    take(messages: readonly string[]): boolean {
      const lessons = messages.flatMap((m) => {
        const lesson = lessonOfMessage(m)
        return lesson ? [lesson] : []
      })
      if (lessons.length === 0) return false
      const texts = lessons.map((lesson) => options.t(mentorMessage(lesson) as MessageKey))
      const end = lessons.findIndex((lesson) => (MENTOR_ENDINGS as readonly string[]).includes(lesson))
      if (end >= 0) ending.value = texts[end]
      stop()
      queue.value = texts
      schedule()
      return true
    },
    /** The next lesson of the action now (the player tapped the bubble). */
    next: advance,
    /** The player moved on (played a word): what the mentor said was about the move before. */
    clear() {
      stop()
      queue.value = []
    },
    stop,
  }
}

export type Lessons = ReturnType<typeof createLessons>
