/**
 * Missing-word reports: a player of a game reports a word the game refused; developers list the
 * queue and accept or reject; an accepted word joins the overlay (overlay.ts) and is playable at
 * once. Reports are limited per player (REPORTS.perHour) and checked like a turn's word: letters of
 * the game's alphabet, 3-32 of them, and not already a word of the game's dictionary.
 */
import { ALPHABETS, BOARD, DICT_TYPES, type DictType, type Lang } from '../../engine/index.ts'
import type { Core } from '../core.ts'
import { newId } from '../db/ids.ts'
import type { Dictionaries } from '../dictionaries/store.ts'
import type { GamesService } from '../games/service.ts'
import { createRateLimiter } from '../http/rate-limit.ts'
import { accept, type Outcome, refuse } from '../refusal.ts'
import type { Overlay } from './overlay.ts'
import {
  addOverlayWord,
  decideReports,
  findReport,
  insertReport,
  listOverlayWords,
  listReports,
  type ReportStatus,
  type WordReport,
} from './repo.ts'

export const REPORTS = {
  /** Reports a player may send in an hour. */
  perHour: 10,
  maxLength: 32,
  listLimit: 200,
} as const

export interface ReportsDeps {
  core: Core
  games: GamesService
  /** The dictionaries with the overlay (a word already playable cannot be reported). */
  dictionaries: Dictionaries
  overlay: Overlay
}

/** The public face of a report: no reporter's id for the reporter, who knows it. */
const mine = (r: WordReport) => ({
  id: r.id,
  word: r.word,
  lang: r.lang,
  status: r.status,
  createdAt: r.createdAt,
})

export function createReportsService({ core, games, dictionaries, overlay }: ReportsDeps) {
  const { db, clock } = core
  const log = core.log.child({ component: 'reports' })
  const limiter = createRateLimiter({ limit: REPORTS.perHour, windowMs: 3600_000, clock })

  function normalise(lang: Lang, raw: string): Outcome<string> {
    const alphabet = ALPHABETS[lang]
    const word = alphabet.fold(raw.trim().toLowerCase())
    const letters = [...word]
    if (
      letters.length < BOARD.minWordLength ||
      letters.length > REPORTS.maxLength ||
      !letters.every((l) => alphabet.letters.includes(l))
    )
      return refuse(
        'BAD_REQUEST',
        `A word is ${BOARD.minWordLength}-${REPORTS.maxLength} letters of the game's alphabet (${lang})`,
      )
    return accept(word)
  }

  const decided = (status: string) => refuse('REPORT_DECIDED', `The report is already ${status}`)

  return {
    /** Loads the accepted words into the overlay (before games are recovered). */
    async load(): Promise<void> {
      for (const w of await listOverlayWords(db)) overlay.add(w.lang, w.word, w.dictType)
      log.info('dictionary overlay loaded', { words: overlay.size })
    },

    async report(uid: string, gameId: string, raw: string) {
      const game = await games.view(gameId)
      if (!game) return refuse('GAME_NOT_FOUND', 'Game not found')
      if (!game.opponents.includes(uid))
        return refuse('FORBIDDEN', 'Only the players of this game may report its words')
      const normalised = normalise(game.lang, raw)
      if (!normalised.ok) return normalised
      const word = normalised.value
      const dictType = game.options.dictType
      if (dictionaries.get(game.lang, dictType)?.has(word))
        return refuse('WORD_EXISTS', 'This word is already in the game’s dictionary')
      if (!limiter.take(uid)) return refuse('TOO_MANY_REQUESTS', `At most ${REPORTS.perHour} reports an hour`)
      const report = await insertReport(db, {
        id: newId(clock()),
        userId: uid,
        gameId,
        lang: game.lang,
        dictType,
        word,
        status: 'pending',
        createdAt: clock(),
        decidedAt: null,
        decidedBy: null,
      })
      return accept(mine(report))
    },

    // The calls below are for developers: the routes' developer guard lets nobody else through.
    async list(status: ReportStatus) {
      return listReports(db, status, REPORTS.listLimit)
    },

    /** Accepts a pending report: the word joins `dictType` (default: the reported game's) and up. */
    async accept(uid: string, id: string, dictType?: DictType) {
      const report = await findReport(db, id)
      if (!report) return refuse('NOT_FOUND', 'No such report')
      if (report.status !== 'pending') return decided(report.status)
      const chosen = dictType ?? report.dictType
      const known = overlay.sizeOf(report.lang, report.word)
      const size = known && DICT_TYPES.indexOf(known) < DICT_TYPES.indexOf(chosen) ? known : chosen
      const now = clock()
      await db.transaction(async (tx) => {
        await addOverlayWord(tx, {
          lang: report.lang,
          word: report.word,
          dictType: size,
          addedAt: now,
          addedBy: uid,
          reportId: report.id,
        })
        await decideReports(tx, report.lang, report.word, 'accepted', uid, now)
      })
      overlay.add(report.lang, report.word, size)
      log.info('word accepted', { lang: report.lang, word: report.word, dictType: size, by: uid })
      return accept({
        ...report,
        status: 'accepted' as const,
        decidedAt: now,
        decidedBy: uid,
        dictType: size,
      })
    },

    async reject(uid: string, id: string) {
      const report = await findReport(db, id)
      if (!report) return refuse('NOT_FOUND', 'No such report')
      if (report.status !== 'pending') return decided(report.status)
      const now = clock()
      await decideReports(db, report.lang, report.word, 'rejected', uid, now)
      return accept({ ...report, status: 'rejected' as const, decidedAt: now, decidedBy: uid })
    },
  }
}

export type ReportsService = ReturnType<typeof createReportsService>
