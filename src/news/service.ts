import type { Lang } from '../../engine/index.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/client.ts'
import { newId } from '../db/ids.ts'
import { accept, type Outcome, refuse } from '../refusal.ts'
import { NEWS_LIMITS, type NewsInput, type NewsItem } from './model.ts'
import * as repo from './repo.ts'

export function createNewsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps
  const missing = (id: string) => refuse('NOT_FOUND', `No news item ${id}`)
  return {
    /** What Home shows in `lang`: the active items, newest first. */
    shown: (lang: Lang) => repo.activeNews(db, lang, NEWS_LIMITS.shown),
    all: () => repo.listNews(db),

    async create(input: NewsInput): Promise<Outcome<NewsItem>> {
      if ((await repo.countNews(db)) >= NEWS_LIMITS.items)
        return refuse('CONFLICT', `At most ${NEWS_LIMITS.items} news items: delete old ones first`)
      const now = clock()
      const item: NewsItem = { ...input, id: newId(now), createdAt: now, updatedAt: now }
      await repo.insertNews(db, item)
      return accept(item)
    },

    async update(id: string, input: NewsInput): Promise<Outcome<NewsItem>> {
      const item = await repo.updateNews(db, id, { ...input, updatedAt: clock() })
      return item ? accept(item) : missing(id)
    },

    async remove(id: string): Promise<Outcome<Record<string, never>>> {
      return (await repo.deleteNews(db, id)) ? accept({}) : missing(id)
    },
  }
}

export type NewsService = ReturnType<typeof createNewsService>
