/** The only place report and overlay rows are known. */
import { and, asc, desc, eq } from 'drizzle-orm'
import type { DictType, Lang } from '../../engine/index.ts'
import type { Executor } from '../db/client.ts'
import { dictionaryOverlay, wordReports } from '../db/schema/index.ts'

export const REPORT_STATUSES = ['pending', 'accepted', 'rejected'] as const
export type ReportStatus = (typeof REPORT_STATUSES)[number]

export interface WordReport {
  id: string
  userId: string
  gameId: string | null
  lang: Lang
  dictType: DictType
  word: string
  status: ReportStatus
  createdAt: number
  decidedAt: number | null
  decidedBy: string | null
}

const asReport = (row: typeof wordReports.$inferSelect): WordReport => ({
  ...row,
  lang: row.lang as Lang,
  dictType: row.dictType as DictType,
  status: row.status as ReportStatus,
})

/** Stores a report; a player's second report of the same word answers the first one. */
export async function insertReport(ex: Executor, report: WordReport): Promise<WordReport> {
  await ex.insert(wordReports).values(report).onConflictDoNothing()
  const [row] = await ex
    .select()
    .from(wordReports)
    .where(
      and(
        eq(wordReports.userId, report.userId),
        eq(wordReports.lang, report.lang),
        eq(wordReports.word, report.word),
      ),
    )
    .limit(1)
  return asReport(row)
}

export async function findReport(ex: Executor, id: string): Promise<WordReport | null> {
  const [row] = await ex.select().from(wordReports).where(eq(wordReports.id, id)).limit(1)
  return row ? asReport(row) : null
}

export async function listReports(ex: Executor, status: ReportStatus, limit: number): Promise<WordReport[]> {
  const rows = await ex
    .select()
    .from(wordReports)
    .where(eq(wordReports.status, status))
    .orderBy(status === 'pending' ? asc(wordReports.createdAt) : desc(wordReports.decidedAt))
    .limit(limit)
  return rows.map(asReport)
}

/** Decides every pending report of the word at once (several players may have reported it). */
export async function decideReports(
  ex: Executor,
  lang: Lang,
  word: string,
  status: Exclude<ReportStatus, 'pending'>,
  by: string,
  now: number,
): Promise<void> {
  await ex
    .update(wordReports)
    .set({ status, decidedAt: now, decidedBy: by })
    .where(and(eq(wordReports.lang, lang), eq(wordReports.word, word), eq(wordReports.status, 'pending')))
}

export interface OverlayWord {
  lang: Lang
  word: string
  dictType: DictType
}

export async function addOverlayWord(
  ex: Executor,
  entry: OverlayWord & { addedAt: number; addedBy: string; reportId: string | null },
): Promise<void> {
  await ex
    .insert(dictionaryOverlay)
    .values(entry)
    .onConflictDoUpdate({
      target: [dictionaryOverlay.lang, dictionaryOverlay.word],
      set: {
        dictType: entry.dictType,
        addedAt: entry.addedAt,
        addedBy: entry.addedBy,
        reportId: entry.reportId,
      },
    })
}

export async function listOverlayWords(ex: Executor): Promise<OverlayWord[]> {
  const rows = await ex
    .select({
      lang: dictionaryOverlay.lang,
      word: dictionaryOverlay.word,
      dictType: dictionaryOverlay.dictType,
    })
    .from(dictionaryOverlay)
  return rows.map((r) => ({ lang: r.lang as Lang, word: r.word, dictType: r.dictType as DictType }))
}
