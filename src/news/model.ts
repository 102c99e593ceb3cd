import { type Static, t } from 'elysia'
import { LangSchema, oneOf } from '../http/models.ts'

export const NEWS_KINDS = ['news', 'banner'] as const
export type NewsKind = (typeof NEWS_KINDS)[number]

export const NEWS_LIMITS = {
  title: 120,
  body: 1000,
  link: 500,
  /** Items kept at most (all languages): a runaway script cannot fill the table. */
  items: 200,
  /** Items Home shows per language, newest first. */
  shown: 10,
} as const

/**
 * An http(s) address, or a path of this app (one leading slash: `//host` would leave the site).
 * Anything else (javascript:, data:) is refused before it can reach a player's link.
 */
export const NEWS_LINK_PATTERN = '^(https?://[^\\s]+|/(?!/)[^\\s]*)$'

export const NewsInput = t.Object({
  lang: LangSchema,
  kind: oneOf(NEWS_KINDS),
  title: t.String({ minLength: 1, maxLength: NEWS_LIMITS.title }),
  body: t.String({ maxLength: NEWS_LIMITS.body }),
  link: t.Union([t.Null(), t.String({ maxLength: NEWS_LIMITS.link, pattern: NEWS_LINK_PATTERN })]),
  active: t.Boolean(),
})
export type NewsInput = Static<typeof NewsInput>

/** One item as the API answers it (Home's list and the editor alike). */
export interface NewsItem extends NewsInput {
  id: string
  createdAt: number
  updatedAt: number
}
