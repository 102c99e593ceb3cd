import type { MessageKey } from '../i18n.ts'

/** The slide groups of SPEC.md §1, in the order they are taught; texts live in locales (tutorial.slides). */
export const SLIDE_GROUPS = {
  basics: ['goal', 'words', 'turns'],
  territory: ['capture', 'availability', 'base'],
  boosters: ['freeze', 'mutation', 'strike'],
  interface: ['board', 'clock', 'notebook', 'reactions'],
  training: ['computer', 'daily', 'hints'],
  other: ['friends', 'coins', 'pro'],
} as const

export type SlideGroup = keyof typeof SLIDE_GROUPS

export function slideKeys(group: SlideGroup): { title: MessageKey; text: MessageKey }[] {
  return SLIDE_GROUPS[group].map((slide) => ({
    title: `tutorial.slides.${group}.${slide}.title` as MessageKey,
    text: `tutorial.slides.${group}.${slide}.text` as MessageKey,
  }))
}

/** The mentor's lesson, step by step (tutorial.mentor.*). */
export const MENTOR_STEPS = ['select', 'capture', 'availability', 'base', 'hint', 'booster'] as const
