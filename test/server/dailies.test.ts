/**
 * The daily challenge on the real server: the day's dailies made on demand and by the midnight
 * timer, the same board for everyone of a day and language, free attempts against the computer,
 * a real attempt landing in the table and on a subscribed socket, the archive, and the day's end.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { type Board, COINS, computerId, dayEnd, type Lang, utcDay, XP } from '../../engine/index.ts'
import { dailiesOfDay } from '../../src/dailies/repo.ts'
import type { DailiesAnswer, DailyUpdate } from '../../src/dailies/types.ts'
import { useServer } from './clients.ts'
import { GameMirror, passCountdown } from './game-mirror.ts'
import {
  describeServer,
  middayUtc,
  startServer,
  type TestServer,
  testClock,
  testDictionaries,
} from './harness.ts'
import { call, startGameBy } from './http.ts'
import type { TestSocket } from './ws-client.ts'

const DAY_MS = 86_400_000
const letters = (board: Board) => board.cells.map((c) => c.letter).join('')

const dailies = async (server: TestServer, lang: string, token?: string) =>
  (await call<DailiesAnswer>(server, `/api/dailies?lang=${lang}`, { token })).body.data

const startAttempt = (server: TestServer, socket: TestSocket, token: string, dailyId: string) =>
  startGameBy(server, socket, token, `/api/dailies/${dailyId}/attempts`)

describeServer('daily challenge', (db) => {
  const clock = testClock(middayUtc())
  const { server, player } = useServer(db, { clock, env: { COMPUTER_DELAY_MS: '10-30' } })

  test('two players get the same board for a day and language; attempts are free and one at a time', async () => {
    const a = await player('Daily A')
    const b = await player('Daily B')
    const [sa, sb] = [a.socket, b.socket]
    const today = utcDay(clock.now())

    const list = await dailies(server(), 'en', a.token)
    expect(list.day).toBe(today)
    expect(Math.abs(list.serverTime - clock.now())).toBeLessThan(5_000)
    expect(list.dailies).toEqual([
      {
        _id: `${today}-en-daily-0`,
        key: 'daily-0',
        day: today,
        lang: 'en',
        isPublic: true,
        active: true,
        level: 'medium',
        timeMode: 'classic',
        endsAt: dayEnd(today),
      },
      {
        _id: `${today}-en-daily-1`,
        key: 'daily-1',
        day: today,
        lang: 'en',
        isPublic: true,
        active: true,
        level: 'veryHard',
        timeMode: 'blitz',
        endsAt: dayEnd(today),
      },
    ])
    expect(list.ratings).toEqual([
      { dailyId: `${today}-en-daily-0`, items: [], total: 0 },
      { dailyId: `${today}-en-daily-1`, items: [], total: 0 },
    ])
    expect(list.bestAttempts).toEqual([])
    // Anyone may read the dailies; the secret word is nowhere in the answer.
    const anonymous = await dailies(server(), 'en')
    expect(anonymous.dailies).toEqual(list.dailies)

    const id0 = list.dailies[0]._id
    const first = await startAttempt(server(), sa, a.token, id0)
    const second = await startAttempt(server(), sb, b.token, id0)
    expect(first.resumed).toBe(false)
    expect(second.gameId).not.toBe(first.gameId)
    expect(letters(second.game.board)).toBe(letters(first.game.board))
    expect(first.game).toMatchObject({
      mode: 'pve',
      lang: 'en',
      opponents: [a.uid, computerId('medium')],
      state: 'new',
    })
    expect(first.game.options.timeMode).toBe('classic')
    const hard = await startAttempt(server(), sa, a.token, list.dailies[1]._id)
    expect(hard.game.options.timeMode).toBe('blitz')
    expect(hard.game.opponents[1]).toBe(computerId('veryHard'))
    expect(letters(hard.game.board)).not.toBe(letters(first.game.board))
    const ru = (await dailies(server(), 'ru', a.token)).dailies[0]
    const ruGame = await startAttempt(server(), sb, b.token, ru._id)
    expect(letters(ruGame.game.board)).not.toBe(letters(first.game.board))

    // An attempt still in play is answered again instead of a second one; attempts cost nothing.
    const again = await startAttempt(server(), sa, a.token, id0)
    expect(again).toMatchObject({ gameId: first.gameId, resumed: true })
    expect((await server().core.users.get(a.uid))?.coins).toBe(COINS.initial)
    expect((await server().core.users.get(b.uid))?.coins).toBe(COINS.initial)

    const missing = await call(server(), '/api/dailies/nope/attempts', { token: a.token, method: 'POST' })
    expect(missing.status).toBe(404)
    expect((await call(server(), `/api/dailies/${id0}/attempts`, { method: 'POST' })).status).toBe(401)
    for (const s of [sa, sb]) await s.close()
  })

  test('a finished attempt lands in the table and on a subscribed socket; unrated, xp as a game', async () => {
    const p = await player('Daily P')
    const watcher = await player('Daily W')
    const [sp, sw] = [p.socket, watcher.socket]
    const list = await dailies(server(), 'es', p.token)
    const id = list.dailies[0]._id
    expect(await sw.request('user/dailyUpdatesSubscribe', { dailyIds: [id] })).toEqual({
      success: true,
      data: {},
    })
    const before = await server().core.users.get(p.uid)

    const { gameId, game } = await startAttempt(server(), sp, p.token, id)
    const mirror = new GameMirror(sp, game)
    expect((await sp.request('game/ready', { gameId })).success).toBe(true)
    await passCountdown(server().clock, mirror)
    expect(await sp.request('game/giveup', { gameId })).toEqual({ success: true, data: {} })
    const end = await mirror.waitUntil((v) => v.state === 'over', 5_000, 'the end')

    const update = await sw.event('daily/update', 5_000)
    const payload = update.payload as DailyUpdate
    expect(payload.dailyId).toBe(id)
    expect(payload.bestAttempt).toMatchObject({
      dailyId: id,
      rank: 1,
      user: { id: p.uid, name: `Daily P ${db}` },
      won: false,
      turns: 0,
      score: 0,
      attempts: 1,
      gameId,
      secretFound: false,
      finishedAt: end.finishedAt,
      timeMs: (end.finishedAt as number) - (end.startedAt as number),
    })
    expect(payload.rating).toEqual({ dailyId: id, items: [payload.bestAttempt], total: 1 })
    expect(JSON.stringify(payload)).not.toContain('secret"')

    const after = await dailies(server(), 'es', p.token)
    expect(after.ratings[0]).toEqual(payload.rating)
    expect(after.bestAttempts).toEqual([{ ...payload.bestAttempt, secret: null }])
    // Unrated, free, but a finished game for xp and stats.
    const user = await server().core.users.get(p.uid)
    expect(user?.eloPve).toBe(before?.eloPve)
    expect(user?.coins).toBe(before?.coins)
    expect(user?.xp).toBe((before?.xp ?? 0) + XP.perGame)
    expect(user?.stats.gamesPlayed).toBe((before?.stats.gamesPlayed ?? 0) + 1)
    expect(end.results?.[0].ratingDelta).toBe(0)
    for (const s of [sp, sw]) await s.close()
  }, 30_000)

  test('the next day: new boards, yesterday final and in the archive, a late attempt not counted', async () => {
    const u = await player('Daily U')
    const su = u.socket
    const today = utcDay(clock.now())
    const list = await dailies(server(), 'en', u.token)
    // An attempt begun before midnight and finished after it does not count (daily-0: no turn
    // limit, so moving the clock ends nothing by itself).
    const late = await startAttempt(server(), su, u.token, list.dailies[0]._id)
    const yesterdayBoard = late.game.board
    const mirror = new GameMirror(su, late.game)
    await su.request('game/ready', { gameId: late.gameId })
    await passCountdown(server().clock, mirror)

    // Past midnight: the next read makes the new day (the timer's part is the test below).
    clock.advance(dayEnd(today) - clock.now() + 1_000)
    const tomorrow = utcDay(dayEnd(today))
    expect(utcDay(clock.now())).toBe(tomorrow)

    expect(await su.request('game/giveup', { gameId: late.gameId })).toMatchObject({ success: true })
    await mirror.waitUntil((v) => v.state === 'over', 5_000, 'the end')

    const next = await dailies(server(), 'en', u.token)
    expect(next.day).toBe(tomorrow)
    expect(next.dailies.map((d) => d._id)).toEqual([`${tomorrow}-en-daily-0`, `${tomorrow}-en-daily-1`])
    const fresh = await startAttempt(server(), su, u.token, next.dailies[0]._id)
    expect(letters(fresh.game.board)).not.toBe(letters(yesterdayBoard))

    // Yesterday: final, inactive, still readable in the archive; no new attempts.
    const closed = await call(server(), `/api/dailies/${list.dailies[0]._id}/attempts`, {
      token: u.token,
      method: 'POST',
    })
    expect(closed.status).toBe(409)
    expect(closed.body.error?.code).toBe('DAILY_OVER')
    const archive = (
      await call<DailiesAnswer>(server(), `/api/dailies/arhive?day=${today}&lang=en`, { token: u.token })
    ).body.data
    expect(archive.day).toBe(today)
    expect(archive.dailies.map((d) => [d._id, d.active])).toEqual([
      [`${today}-en-daily-0`, false],
      [`${today}-en-daily-1`, false],
    ])
    // The late attempt is not in yesterday's table.
    expect(archive.ratings[0].items.find((r) => r.user.id === u.uid)).toBeUndefined()
    expect(archive.bestAttempts).toEqual([])
    const emptyDay = await call<DailiesAnswer>(server(), '/api/dailies/arhive?day=2001-01-01&lang=en')
    const empty = emptyDay.body.data
    expect(empty).toMatchObject({ day: '2001-01-01', dailies: [], ratings: [], bestAttempts: [] })
    expect(
      (await call(server(), `/api/dailies/arhive?day=${utcDay(clock.now() + DAY_MS)}&lang=en`)).status,
    ).toBe(400)
    expect((await call(server(), '/api/dailies/arhive?day=2025-02-30&lang=en')).status).toBe(400)
    expect((await call(server(), '/api/dailies/arhive?day=2025-02-01&lang=xx')).status).toBe(400)
    await su.close()
  }, 30_000)
})

describeServer('daily challenge: the midnight timer', (db) => {
  let server: TestServer
  // The server starts 4 s before 00:00 UTC of its clock; the clock is held while it starts, so a
  // slow start does not carry it past midnight.
  const today = utcDay(Date.now())
  const tomorrow = utcDay(dayEnd(today))
  const clock = testClock()
  beforeAll(async () => {
    clock.pause()
    clock.advance(dayEnd(today) - 4_000 - clock.now())
    try {
      server = await startServer({ db, clock })
    } finally {
      clock.resume()
    }
  }, 60_000)
  afterAll(() => server.stop())

  test('makes today’s dailies at start and the next day’s at 00:00 UTC, without any read', async () => {
    const keysOf = async (day: string, lang: Lang) =>
      (await dailiesOfDay(server.core.db, day, lang)).map((d) => [d.key, d.active])
    const langs = testDictionaries().langs
    const made = () => server.logs.filter((r) => r.msg === 'dailies made' && r.day === tomorrow).length
    const deadline = Date.now() + 10_000
    while (made() < langs.length) {
      if (Date.now() > deadline) throw new Error('no dailies for the next day')
      await Bun.sleep(50)
    }
    // Nothing was read: the timer made them, at midnight.
    const first = server.logs.find((r) => r.msg === 'dailies made' && r.day === tomorrow)
    expect(Date.parse(first?.time as string)).toBeGreaterThanOrEqual(dayEnd(today))
    for (const lang of langs) {
      expect(await keysOf(tomorrow, lang)).toEqual([
        ['daily-0', true],
        ['daily-1', true],
      ])
      // Made at start, and final since midnight.
      expect(await keysOf(today, lang)).toEqual([
        ['daily-0', false],
        ['daily-1', false],
      ])
    }
  }, 20_000)
})
