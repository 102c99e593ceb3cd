import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { AnalyticsBatch, AnalyticsSummary } from '../../src/analytics/model.ts'
import { analyticsClientLogs, analyticsPageViews, analyticsSessions } from '../../src/db/schema/index.ts'
import { startAnalytics } from '../../web/observability/analytics.ts'
import { tgSignIn } from '../telegram/setup.ts'
import { fakeWindow } from '../web/fake-window.ts'
import { describeServer, signIn, startServer, type TestServer } from './harness.ts'
import { call } from './http.ts'

const DEV_TG_ID = 770_101
const DAY = 24 * 3600_000

const session = (id: string, platform = 'web'): AnalyticsBatch['session'] => ({
  session_id: id,
  app_name: 'word-territory',
  platform,
  locale: 'en-GB',
})

const view = (seq: number, path: string, utm?: Record<string, string>) => ({
  type: 'page_view' as const,
  seq,
  path,
  title: `Title of ${path}`,
  ...(utm ? { utm } : {}),
})

describeServer('analytics batches', (db) => {
  let server: TestServer
  let dev: string
  let player: { token: string; uid: string }
  beforeAll(async () => {
    server = await startServer({ db, env: { DEV_TG_IDS: String(DEV_TG_ID) } })
    dev = (await tgSignIn(server, DEV_TG_ID)).token
    player = await signIn(server, `Viewer ${db}`)
  })
  afterAll(() => server.stop())

  const viewsOf = (id: string) =>
    server.core.db
      .select()
      .from(analyticsPageViews)
      .where(eq(analyticsPageViews.sessionId, id))
      .orderBy(analyticsPageViews.seq)
  const logsOf = (id: string) =>
    server.core.db.select().from(analyticsClientLogs).where(eq(analyticsClientLogs.sessionId, id))
  const sessionsOf = (id: string) =>
    server.core.db.select().from(analyticsSessions).where(eq(analyticsSessions.id, id))
  const send = (body: unknown, token: string | null = null) =>
    call<{ stored: number }>(server, '/api/analytics/batch', { token, body })
  const summary = async (days = 7) =>
    (await call<AnalyticsSummary>(server, `/api/analytics/summary?days=${days}`, { token: dev })).body.data

  test('a valid batch is stored: page views with path, title and utm, log entries, the session and its user', async () => {
    const res = await send(
      {
        session: { ...session('sess-valid-1', 'android'), is_premium: true, start_param: 'ref_42' },
        events: [
          view(1, '/en/game/65a1b2c3d4e5f60718293a4b?utm_source=tg', {
            source: 'tg',
            medium: 'bot',
            campaign: 'c1',
          }),
          view(2, '/en'),
          {
            type: 'log',
            seq: 3,
            level: 'error',
            message: 'boom',
            data: { stack: 'at x' },
            context: { url: '/en' },
          },
        ],
      },
      player.token,
    )
    expect(res.status).toBe(200)
    expect(res.body.data.stored).toBe(3)

    const views = await viewsOf('sess-valid-1')
    expect(views.map((v) => [v.route, v.title, v.utmSource, v.utmMedium, v.utmCampaign, v.utmTerm])).toEqual([
      ['/game/:id', 'Title of /en/game/65a1b2c3d4e5f60718293a4b?utm_source=tg', 'tg', 'bot', 'c1', null],
      ['/', 'Title of /en', null, null, null, null],
    ])
    expect(views[0]?.path).toBe('/en/game/65a1b2c3d4e5f60718293a4b?utm_source=tg')
    const [row] = await sessionsOf('sess-valid-1')
    expect(row).toMatchObject({
      userId: player.uid,
      platform: 'android',
      isPremium: true,
      startParam: 'ref_42',
    })
    const logs = await logsOf('sess-valid-1')
    expect(logs.map((l) => [l.level, l.message, l.data])).toEqual([['error', 'boom', { stack: 'at x' }]])
    // The operator's structured log still shows what broke in the browser.
    expect(server.logs.find((r) => r.msg === 'boom')).toMatchObject({ level: 'error', source: 'client' })
  })

  test("the web client's batches reach the tables (web/observability/analytics.ts)", async () => {
    const page = fakeWindow({ pathname: '/es/rating', search: '?utm_source=news', title: 'Clasificación' })
    const analytics = startAnalytics({
      origin: server.url,
      launch: null,
      token: () => player.token,
      storage: null,
      window: page.window,
      randomId: () => 'sess-from-web-client',
    })
    analytics.pageView()
    analytics.log({
      level: 'warn',
      message: 'socket closed',
      data: { code: 1006 },
      context: {},
      timestamp: 1,
    })
    await page.fireTimers()
    const stored = () => viewsOf('sess-from-web-client')
    for (let i = 0; i < 100 && (await stored()).length === 0; i++) await Bun.sleep(20)
    expect((await stored()).map((v) => [v.route, v.title, v.utmSource])).toEqual([
      ['/rating', 'Clasificación', 'news'],
    ])
    const logs = await logsOf('sess-from-web-client')
    expect(logs.map((l) => [l.level, l.message])).toEqual([['warn', 'socket closed']])
  })

  test('a resent batch changes nothing; a later signed-out batch keeps the user', async () => {
    const body = { session: session('sess-resend'), events: [view(1, '/en/rating')] }
    await send(body, player.token)
    await send(body)
    const views = await viewsOf('sess-resend')
    expect(views).toHaveLength(1)
    const [row] = await sessionsOf('sess-resend')
    expect(row?.userId).toBe(player.uid)
  })

  test('too big: more than 20 events is 400, a body over 32 KB is 413; nothing is stored', async () => {
    const events = Array.from({ length: 21 }, (_, i) => view(i, '/en'))
    const many = await send({ session: session('sess-too-many'), events })
    expect(many.status).toBe(400)
    expect(many.body.error?.code).toBe('BAD_REQUEST')
    const huge = await send({
      session: session('sess-too-big'),
      events: [{ type: 'log', seq: 1, level: 'info', message: 'x', data: 'y'.repeat(40_000) }],
    })
    expect(huge.status).toBe(413)
    const stored = await sessionsOf('sess-too-many')
    expect(stored).toEqual([])
  })

  test('malformed batches are 400 and store nothing', async () => {
    const bad: unknown[] = [
      { session: session('sess-bad-1'), events: [] },
      { session: session('sess-bad-1'), events: [{ ...view(1, '/en'), path: 'https://elsewhere/' }] },
      { session: session('sess-bad-1'), events: [{ ...view(1, '/en'), title: 't'.repeat(201) }] },
      { session: session('sess-bad-1'), events: [view(1, `/${'p'.repeat(600)}`)] },
      { session: session('sess-bad-1'), events: [view(1, '/en', { source: 's'.repeat(101) })] },
      { session: session('sess-bad-1'), events: [{ type: 'click', seq: 1 }] },
      { session: session('sess-bad-1'), events: [{ ...view(1, '/en'), seq: -1 }] },
      { session: { ...session('sess-bad-1'), platform: 'Android OS' }, events: [view(1, '/en')] },
      { session: { ...session('x'), session_id: 'short' }, events: [view(1, '/en')] },
      { events: [view(1, '/en')] },
    ]
    for (const body of bad) expect((await send(body)).status).toBe(400)
    const raw = await fetch(`${server.url}/api/analytics/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"session":',
    })
    expect(raw.status).toBe(400)
    const stored = await sessionsOf('sess-bad-1')
    expect(stored).toEqual([])
  })

  test('an unknown path is grouped as (unknown), so hostile paths cannot grow the route list', async () => {
    await send({
      session: session('sess-odd'),
      events: [view(1, '/wp-admin/x.php'), view(2, '/en/game/a/b')],
    })
    const routes = (await summary()).byRoute.map((r) => r.route)
    expect(routes).toContain('(unknown)')
    expect(routes.some((r) => r.includes('wp-admin'))).toBe(false)
  })

  test('summary figures: views per day and route, sessions, users, platforms, errors', async () => {
    const before = await summary()
    await send(
      { session: session('sess-sum-a', 'ios'), events: [view(1, '/'), view(2, '/daily')] },
      player.token,
    )
    await send({ session: session('sess-sum-b', 'ios'), events: [view(1, '/es/daily')] })
    const after = await summary()
    expect(after.days).toBe(7)
    expect(after.byDay).toHaveLength(7)
    expect(new Date(after.byDay.at(-1)?.day ?? 0).toISOString()).toBe(
      `${new Date(server.clock.now()).toISOString().slice(0, 10)}T00:00:00.000Z`,
    )
    expect(after.to - after.from).toBe(6 * DAY)
    expect(after.totals.views - before.totals.views).toBe(3)
    expect(after.totals.sessions - before.totals.sessions).toBe(2)
    expect((after.byDay.at(-1)?.views ?? 0) - (before.byDay.at(-1)?.views ?? 0)).toBe(3)
    const daily = (s: AnalyticsSummary) => s.byRoute.find((r) => r.route === '/daily')
    expect((daily(after)?.views ?? 0) - (daily(before)?.views ?? 0)).toBe(2)
    expect((daily(after)?.sessions ?? 0) - (daily(before)?.sessions ?? 0)).toBe(2)
    const ios = (s: AnalyticsSummary) => s.platforms.find((p) => p.platform === 'ios')?.sessions ?? 0
    expect(ios(after) - ios(before)).toBe(2)
    expect(after.platforms.find((p) => p.platform === 'android')?.sessions).toBe(1)
    expect(after.totals.users).toBe(1)
    expect(after.totals.errors).toBe(1)
  })

  test('the summary is for developers only', async () => {
    expect((await call(server, '/api/analytics/summary', { token: player.token })).status).toBe(403)
    expect((await call(server, '/api/analytics/summary')).status).toBe(401)
    expect((await call(server, '/api/analytics/summary?days=365', { token: dev })).status).toBe(400)
  })

  test('old rows are pruned after the retention: logs after 14 days, views and sessions after 90', async () => {
    await send({
      session: session('sess-old'),
      events: [view(1, '/rating'), { type: 'log', seq: 2, level: 'warn', message: 'old warning' }],
    })
    const { createAnalyticsService } = await import('../../src/analytics/service.ts')
    const at = (offset: number) =>
      createAnalyticsService({ ...server.core, clock: () => server.clock.now() + offset })
    const count = async () => ({
      views: (await viewsOf('sess-old')).length,
      logs: (await logsOf('sess-old')).length,
    })
    await at(13 * DAY).prune()
    expect(await count()).toEqual({ views: 1, logs: 1 })
    await at(15 * DAY).prune()
    expect(await count()).toEqual({ views: 1, logs: 0 })
    await at(91 * DAY).prune()
    expect(await count()).toEqual({ views: 0, logs: 0 })
    const sessions = await sessionsOf('sess-old')
    expect(sessions).toEqual([])
  })

  test('the daily quota drops events beyond it, still answering success', async () => {
    const { createAnalyticsService } = await import('../../src/analytics/service.ts')
    const limited = createAnalyticsService({ ...server.core, quota: 2 })
    const batch = (id: string): AnalyticsBatch => ({
      session: session(id),
      events: [view(1, '/'), view(2, '/')],
    })
    expect(await limited.ingest(batch('sess-quota-1'), null)).toBe(2)
    expect(await limited.ingest(batch('sess-quota-2'), null)).toBe(0)
    const stored = await sessionsOf('sess-quota-2')
    expect(stored).toEqual([])
  })

  test('GET /api/analytics/config has no Telegram token unless configured', async () => {
    expect((await call(server, '/api/analytics/config')).body.data).toEqual({ telegram: null })
  })

  // Last: it spends this address's batches for the minute.
  test('beyond 120 batches a minute from one address: 429 RATE_LIMITED with Retry-After', async () => {
    // The bucket refills 2 a second in real time: sent one after another on a busy machine the
    // batches could come slower than that and never run it dry, so they go 20 at a time.
    let limited: Response | null = null
    for (let wave = 0; wave < 40 && !limited; wave++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          fetch(`${server.url}/api/analytics/batch`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ session: session('sess-flood'), events: [view(wave * 20 + i, '/')] }),
          }),
        ),
      )
      for (const res of answers) {
        if (res.status === 429) limited ??= res
        else expect(res.status).toBe(200)
      }
    }
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(await limited?.json()).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } })
  })
})

describe('GET /api/analytics/config with TELEGRAM_ANALYTICS_TOKEN [pglite]', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({
      db: 'pglite',
      env: {
        TELEGRAM_ANALYTICS_TOKEN: 'eyJhbGciOiJIUzI1NiJ9.token',
        TELEGRAM_ANALYTICS_APP_NAME: 'word_territory',
      },
    })
  })
  afterAll(() => server.stop())

  test('tells the Mini App the token and app name its SDK starts with', async () => {
    expect((await call(server, '/api/analytics/config')).body.data).toEqual({
      telegram: { token: 'eyJhbGciOiJIUzI1NiJ9.token', appName: 'word_territory' },
    })
  })
})
