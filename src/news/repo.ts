/** The only place news rows are known. */
import { and, count, desc, eq } from 'drizzle-orm'
import type { Lang } from '../../engine/index.ts'
import type { Executor } from '../db/client.ts'
import { news } from '../db/schema/index.ts'
import type { NewsItem, NewsKind } from './model.ts'

type Row = typeof news.$inferSelect
const toItem = (row: Row): NewsItem => ({ ...row, lang: row.lang as Lang, kind: row.kind as NewsKind })

export async function listNews(ex: Executor): Promise<NewsItem[]> {
  return (await ex.select().from(news).orderBy(desc(news.createdAt), desc(news.id))).map(toItem)
}

export async function activeNews(ex: Executor, lang: Lang, limit: number): Promise<NewsItem[]> {
  const rows = await ex
    .select()
    .from(news)
    .where(and(eq(news.lang, lang), eq(news.active, true)))
    .orderBy(desc(news.createdAt), desc(news.id))
    .limit(limit)
  return rows.map(toItem)
}

export async function countNews(ex: Executor): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(news)
  return row?.n ?? 0
}

export async function insertNews(ex: Executor, item: NewsItem): Promise<void> {
  await ex.insert(news).values(item)
}

/** Answers the updated item, or null when there is no such id. */
export async function updateNews(
  ex: Executor,
  id: string,
  fields: Omit<NewsItem, 'id' | 'createdAt'>,
): Promise<NewsItem | null> {
  const [row] = await ex.update(news).set(fields).where(eq(news.id, id)).returning()
  return row ? toItem(row) : null
}

export async function deleteNews(ex: Executor, id: string): Promise<boolean> {
  const rows = await ex.delete(news).where(eq(news.id, id)).returning({ id: news.id })
  return rows.length > 0
}
