import { bigint, boolean, index, pgTable, text } from 'drizzle-orm/pg-core'

/** News and banners on Home (SPEC.md §1, §2), written by developers on /dev, each in one language. */
export const news = pgTable(
  'news',
  {
    id: text('id').primaryKey(),
    lang: text('lang').notNull(),
    /** 'news' (a titled text) or 'banner' (one highlighted line). */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** An http(s) address or a path of the app; null: no link. */
    link: text('link'),
    active: boolean('active').notNull().default(true),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('news_lang_active_idx').on(table.lang, table.active)],
)
