/**
 * The tutorial's teaching material as data, with no imports: the browser shows it (slides, the
 * mentor's lessons) without pulling in the tutorial's boards, script or board generation.
 * Texts live in locales/ under `tutorial.slides.<group>.<slide>.title|text` and `tutorial.mentor.<lesson>`.
 */

/** The slide groups of SPEC.md §1 and their slides, in showing order. */
export const TUTORIAL_SLIDES = {
  basics: ['goal', 'words', 'dictionary', 'turns'],
  territory: ['capture', 'availability', 'base'],
  boosters: ['freeze', 'mutation', 'strike'],
  interface: ['board', 'clock', 'notebook', 'reactions'],
  training: ['computer', 'daily', 'hints'],
  other: ['friends', 'coins', 'pro'],
} as const satisfies Record<string, readonly string[]>

export type SlideGroup = keyof typeof TUTORIAL_SLIDES

/** The locale keys of one slide. */
export function slideKeys(group: SlideGroup, slide: string): { title: string; text: string } {
  const base = `tutorial.slides.${group}.${slide}`
  return { title: `${base}.title`, text: `${base}.text` }
}

/** What the mentor teaches during the game, in the order a game usually brings it. */
export const MENTOR_TEACHING = ['select', 'capture', 'availability', 'base', 'hint', 'booster'] as const
/** The mentor's last word: the player won, or is invited to try again. */
export const MENTOR_ENDINGS = ['win', 'again'] as const

/** Every lesson the mentor gives. */
export const MENTOR_LESSONS = [...MENTOR_TEACHING, ...MENTOR_ENDINGS] as const
export type MentorLesson = (typeof MENTOR_LESSONS)[number]

/** The locale key of a lesson's text; it travels as the message of the mentor's intercom event. */
export const mentorMessage = (lesson: MentorLesson) => `tutorial.mentor.${lesson}`

/** The lesson a mentor's intercom message carries, or null for any other message. */
export function lessonOfMessage(message: string): MentorLesson | null {
  return MENTOR_LESSONS.find((lesson) => mentorMessage(lesson) === message) ?? null
}
