import {
  slideKeys as engineSlideKeys,
  lessonOfMessage,
  type MentorLesson,
  mentorMessage,
  type SlideGroup,
  TUTORIAL_SLIDES,
} from '../../engine/index.ts'
import type { MessageKey } from '../../shared/i18n.ts'

export type { MentorLesson, SlideGroup }

/** The engine's slide groups, in the order they are taught (texts in locales: tutorial.slides). */
export const SLIDE_GROUPS = Object.keys(TUTORIAL_SLIDES) as SlideGroup[]

export function slideKeys(group: SlideGroup): { title: MessageKey; text: MessageKey }[] {
  return TUTORIAL_SLIDES[group].map(
    (slide) => engineSlideKeys(group, slide) as { title: MessageKey; text: MessageKey },
  )
}

export const lessonKey = (lesson: MentorLesson) => mentorMessage(lesson) as MessageKey

/** The locale key of a mentor's intercom message, when it is one of the engine's lessons. */
export function lessonKeyOf(message: string): MessageKey | null {
  const lesson = lessonOfMessage(message)
  return lesson ? lessonKey(lesson) : null
}
