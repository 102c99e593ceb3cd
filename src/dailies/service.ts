/**
 * The daily challenge (RULES §9): the day's dailies, made on demand or by the midnight timer from
 * the day's seed; the lists of GET /api/dailies and its archive; starting an attempt, which is a
 * free game against the computer on the day's board.
 */
import {
  type AiLevel,
  computerId,
  createGame,
  DAILY,
  DAILY_SETUP,
  dailyId,
  dailyOptions,
  dayEnd,
  gameTypeOf,
  isDay,
  type Lang,
  type PlayerUser,
  type TimeMode,
  utcDay,
} from '../../engine/index.ts'
import { dailyBoard, dailySecret } from '../../engine/server.ts'
import type { Core } from '../core.ts'
import { newId } from '../db/ids.ts'
import type { Dictionaries } from '../dictionaries/store.ts'
import { settleOptions } from '../games/factory.ts'
import type { StoredGame } from '../games/repo.ts'
import type { GamesService } from '../games/service.ts'
import { accept, type Outcome, refuse } from '../refusal.ts'
import { createStarter, playerOf } from '../rooms/start.ts'
import {
  bestRowsOf,
  countDailies,
  type Daily,
  dailiesOfDay,
  deactivateBefore,
  findDaily,
  insertDaily,
} from './repo.ts'
import { createDailyResults, rankedRows, ratingOf } from './results.ts'
import { dailyKey, dailySeeds } from './seed.ts'
import type { DailiesAnswer, DailyView, OwnAttempt } from './types.ts'

const COMPUTER_NAME = 'Computer'

/** `active` is false from the day's end on, even before the midnight run has written it. */
export function toDailyView(daily: Daily, now: number): DailyView {
  return {
    _id: daily.id,
    key: daily.key,
    day: daily.day,
    lang: daily.lang,
    isPublic: daily.isPublic,
    active: daily.active && now < daily.endsAt,
    level: daily.level as AiLevel,
    timeMode: daily.timeMode as TimeMode,
    endsAt: daily.endsAt,
  }
}

export function createDailiesService(core: Core, games: GamesService, dictionaries: Dictionaries) {
  const { db, clock } = core
  const log = core.log.child({ component: 'dailies' })
  const results = createDailyResults(core)
  const starter = createStarter(core, games, dictionaries)
  // Days whose dailies are known to exist, per language: most reads skip the database check.
  const made = new Set<string>()
  const seedKey = dailyKey(core.serverSecret)

  /** The dailies of `day` in `lang`, drawn from their seeds when missing. Deterministic, so a race is harmless. */
  async function ensureLang(day: string, lang: Lang): Promise<void> {
    const dict = dictionaries.get(lang, 'default')
    if (!dict || made.has(`${day}:${lang}`)) return
    if ((await countDailies(db, day, lang)) < DAILY.keys.length) {
      // A new day: the days before it are final (the midnight run does this too).
      await deactivateBefore(db, day)
      const now = clock()
      for (const key of DAILY.keys) {
        const seeds = dailySeeds(seedKey, day, lang, key)
        const board = dailyBoard(seeds.board, lang, dict)
        await insertDaily(db, {
          id: dailyId(day, lang, key),
          key,
          day,
          lang,
          seed: seeds.board,
          board,
          secret: dailySecret(board, dict, seeds.secret),
          level: DAILY_SETUP[key].level,
          timeMode: DAILY_SETUP[key].timeMode,
          isPublic: true,
          active: true,
          endsAt: dayEnd(day),
          createdAt: now,
        })
      }
      log.info('dailies made', { day, lang })
    }
    made.add(`${day}:${lang}`)
  }

  /** Today's dailies in every language the server plays; yesterday's become final. */
  async function makeToday(): Promise<string> {
    const day = utcDay(clock())
    await deactivateBefore(db, day)
    for (const lang of dictionaries.langs) await ensureLang(day, lang)
    return day
  }

  async function answer(day: string, lang: Lang, uid: string | null): Promise<DailiesAnswer> {
    const list = await dailiesOfDay(db, day, lang)
    const rows = await bestRowsOf(
      db,
      list.map((d) => d.id),
    )
    const ratings = []
    const bestAttempts: OwnAttempt[] = []
    for (const daily of list) {
      const table = rankedRows(rows.filter((r) => r.dailyId === daily.id))
      ratings.push(ratingOf(daily.id, table))
      const own = uid ? table.find((r) => r.user.id === uid) : undefined
      if (own) bestAttempts.push({ ...own, secret: own.secretFound ? daily.secret : null })
    }
    return {
      serverTime: clock(),
      day,
      dailies: list.map((d) => toDailyView(d, clock())),
      ratings,
      bestAttempts,
    }
  }

  return {
    results,
    makeToday,

    /** GET /api/dailies: today's dailies in `lang`, their tables and the caller's best attempts. */
    async today(lang: Lang, uid: string | null): Promise<DailiesAnswer> {
      const day = utcDay(clock())
      await ensureLang(day, lang)
      return answer(day, lang, uid)
    },

    /** GET /api/dailies/arhive: the dailies of a day already begun (none are made for past days). */
    async archive(day: string, lang: Lang, uid: string | null): Promise<Outcome<DailiesAnswer>> {
      if (!isDay(day)) return refuse('BAD_REQUEST', 'day must be YYYY-MM-DD')
      const today = utcDay(clock())
      if (day > today) return refuse('BAD_REQUEST', 'That day has not begun')
      if (day === today) await ensureLang(day, lang)
      return accept(await answer(day, lang, uid))
    },

    /**
     * Starts an attempt: a free game (it still needs a game slot) against the daily's computer on
     * its board. A player's attempt still in play is answered instead of a second one.
     */
    async startAttempt(uid: string, id: string): Promise<Outcome<{ gameId: string; resumed: boolean }>> {
      const daily = await findDaily(db, id)
      if (!daily) return refuse('NOT_FOUND', 'Daily not found')
      const now = clock()
      if (!daily.active || daily.day !== utcDay(now) || now >= daily.endsAt)
        return refuse('DAILY_OVER', 'This daily is over: its results are final')
      const resumed = await starter.resumeOpen(uid, { dailyId: daily.id })
      if (resumed) return accept(resumed)
      const found = await starter.userOf(uid)
      if (!found.ok) return found
      const user = found.value
      const requested = dailyOptions(daily.key, daily.timeMode as TimeMode)
      const options = settleOptions({
        type: gameTypeOf(requested),
        options: requested,
        creatorLevel: user.level,
      })
      const level = daily.level as AiLevel
      const computer: PlayerUser = { id: computerId(level), name: COMPUTER_NAME, avatar: null }
      const game = createGame({
        id: newId(now),
        mode: 'pve',
        lang: daily.lang,
        options,
        users: [playerOf(user), computer],
        board: daily.board,
        now,
      })
      // The player is side 0 (PLAYER_SIDE); the computer is always ready, so the attempt starts
      // when the player is, or after the start wait.
      game.ready[1] = true
      const created = await games.create({
        game,
        computerLevel: level,
        payers: [uid],
        coins: 0,
        dailyId: daily.id,
        variant: results.variantFor(daily),
      })
      if (!created.ok) return starter.refused(created)
      await starter.announce(game.id)
      return accept({ gameId: game.id, resumed: false })
    },

    /** The variant of a stored attempt (games.addVariant): found by the game's daily id. */
    async resolveVariant(stored: StoredGame) {
      if (!stored.dailyId) return null
      const daily = await findDaily(db, stored.dailyId)
      return daily ? results.variantFor(daily) : null
    },
  }
}

export type DailiesService = ReturnType<typeof createDailiesService>
