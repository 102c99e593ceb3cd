import { computed, signal } from '@preact/signals-react'
import { lessonOfMessage, MENTOR_ENDINGS, mentorMessage } from '../../engine/index.ts'
import type { MessageKey, Translate } from '../../shared/i18n.ts'

/**
 * The robot mentor's lessons in a tutorial game, as the server sends them (intercom events whose
 * message is a lesson's locale key), kept in step with the moves: what the mentor says is what
 * happened since the player's last word (their word's lessons, then the mentor's move's), all at
 * once, never queued behind older ones. The player's next word starts afresh. The ending (win or
 * again) is also kept for the result banner.
 */
export function createLessons(options: { t: Translate }) {
  const lines = signal<string[]>([])
  const ending = signal<string | null>(null)

  return {
    /** The lessons on screen, translated, oldest first. */
    current: computed(() => lines.value),
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
      lines.value = [...lines.value, ...texts]
      return true
    },
    /** The player played a word (or dismissed the bubble): what was said is over. */
    clear() {
      lines.value = []
    },
  }
}

export type Lessons = ReturnType<typeof createLessons>
