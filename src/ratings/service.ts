/**
 * The rating list (SPEC.md §2 Rating: tabs arena and computer, paged), with the asking player's
 * own place. Shape in docs/server.md "Rating list".
 */
import type { Core } from '../core.ts'
import { countRated, placeOf, type RatingMode, ratingPage } from './repo.ts'

export const RATING_TABS = ['arena', 'computer'] as const
export type RatingTab = (typeof RATING_TABS)[number]
export const RATING_PAGE_SIZE = 20

const MODE: Record<RatingTab, RatingMode> = { arena: 'pvp', computer: 'pve' }

export interface RatingItem {
  place: number
  user: { id: string; name: string; avatar: string | null }
  rating: number
  level: number
  isOnline: boolean
}

export interface RatingList {
  tab: RatingTab
  page: number
  pageSize: number
  total: number
  items: RatingItem[]
  /** The signed-in player's place, null when not signed in or not listed yet. */
  me: { place: number; rating: number } | null
}

export function createRatingsService(core: Pick<Core, 'db' | 'hub'>) {
  const { db, hub } = core
  return {
    async list(tab: RatingTab, page: number, uid: string | null): Promise<RatingList> {
      const mode = MODE[tab]
      const [rows, total, me] = await Promise.all([
        ratingPage(db, mode, RATING_PAGE_SIZE, (page - 1) * RATING_PAGE_SIZE),
        countRated(db, mode),
        uid ? placeOf(db, mode, uid) : Promise.resolve(null),
      ])
      return {
        tab,
        page,
        pageSize: RATING_PAGE_SIZE,
        total,
        items: rows.map((r) => ({
          place: r.place,
          user: { id: r.id, name: r.nickname, avatar: r.avatar },
          rating: r.rating,
          level: r.level,
          isOnline: hub.isOnline(r.id),
        })),
        me,
      }
    },
  }
}

export type RatingsService = ReturnType<typeof createRatingsService>
