/**
 * The daily screens in a real island (happy-dom) against scripted answers and a stand-in socket:
 * today's tables kept live (`user/dailyUpdatesSubscribe` on every connection, `daily/update`
 * applied), and the archive: a past day's final ranking and your own attempts, day by day.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { act } from 'react'
import { utcDay } from '../../engine/index.ts'
import en from '../../locales/en.json'
import type { AttemptRow, DailiesAnswer, DailyUpdate } from '../../src/dailies/types.ts'
import { shiftDay } from '../../web/daily/days.ts'
import { Daily } from '../../web/islands/Daily.tsx'
import { DailyArchive } from '../../web/islands/DailyArchive.tsx'
import { withDom } from './dom.ts'
import { FakeSocket, withFakeWebSocket } from './fake-socket.ts'
import { type Call, initOk, pageProps, settle, testHost } from './host.ts'
import { islandMounter } from './island-mount.tsx'

withDom()
const islands = islandMounter()
withFakeWebSocket()
afterEach(() => history.replaceState(null, '', '/'))

const AUTH = `auth=${encodeURIComponent(JSON.stringify({ token: 'tok', uid: 'u1' }))}`
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } })
const TODAY = utcDay(Date.now())
const YESTERDAY = shiftDay(TODAY, -1)

const row = (day: string, rank: number, name: string, over: Partial<AttemptRow> = {}): AttemptRow => ({
  dailyId: `${day}-en-daily-0`,
  rank,
  user: { id: `p-${name}`, name, avatar: null },
  won: rank === 1,
  turns: 6 + rank,
  timeMs: 30_000 * rank,
  score: 10,
  attempts: 1,
  gameId: `g-${name}`,
  finishedAt: 1,
  secretFound: false,
  ...over,
})

function answer(day: string, rows: AttemptRow[], mine: AttemptRow | null = null): DailiesAnswer {
  const past = day !== TODAY
  return {
    serverTime: Date.now(),
    day,
    dailies: (['daily-0', 'daily-1'] as const).map((key) => ({
      _id: `${day}-en-${key}`,
      key,
      day,
      lang: 'en',
      isPublic: true,
      active: !past,
      level: 'medium',
      timeMode: 'classic',
      endsAt: Date.parse(`${shiftDay(day, 1)}T00:00:00Z`),
    })),
    ratings: [{ dailyId: `${day}-en-daily-0`, items: rows, total: rows.length }],
    bestAttempts: mine ? [{ ...mine, secret: null }] : [],
  }
}

async function mount(
  screen: typeof Daily,
  reply: (call: Call) => { status: number; body: unknown } | null,
  path = '/daily',
) {
  FakeSocket.all = []
  const t = testHost(
    (call) =>
      reply(call) ??
      (call.path === '/api/init'
        ? initOk()
        : { status: 404, body: { success: false, error: { code: 'NOT_FOUND', message: '' } } }),
    { cookies: AUTH },
  )
  const container = await islands.mount(
    screen,
    pageProps({ path, access: 'auth', titleKey: 'screens.daily' }),
    t.host,
  )
  return { container, t }
}

const names = (el: Element | null) =>
  [...(el?.querySelectorAll('.rating__name') ?? [])].map((n) => n.textContent)

describe('today’s daily, live', () => {
  test('subscribes to the shown dailies on connect (and again after a reconnect) and applies daily/update', async () => {
    const { container } = await mount(Daily, (call) =>
      call.path === '/api/dailies' ? ok(answer(TODAY, [row(TODAY, 1, 'Ann')])) : null,
    )
    const ws = () => FakeSocket.all[FakeSocket.all.length - 1]
    await act(async () => ws().open())
    const subscribes = () =>
      FakeSocket.all
        .flatMap((s) => s.sent.map((f) => JSON.parse(f)))
        .filter((f) => f.event === 'dailyUpdatesSubscribe')
    expect(subscribes().map((f) => f.payload)).toEqual([
      { dailyIds: [`${TODAY}-en-daily-0`, `${TODAY}-en-daily-1`] },
    ])
    const card = () => container.querySelector('[data-testid="daily-daily-0"]')
    expect(names(card())).toEqual(['Ann'])

    // Somebody else's better attempt: the new table shows at once, with its size.
    const update: DailyUpdate = {
      dailyId: `${TODAY}-en-daily-0`,
      bestAttempt: row(TODAY, 1, 'Bo', { won: true }),
      rating: {
        dailyId: `${TODAY}-en-daily-0`,
        items: [row(TODAY, 1, 'Bo'), row(TODAY, 2, 'Ann')],
        total: 2,
      },
    }
    await act(async () =>
      ws().receive({ type: 'daily', event: 'update', payload: update, timestamp: Date.now() }),
    )
    expect(names(card())).toEqual(['Bo', 'Ann'])
    expect(card()?.textContent).toContain('Top players (2)')

    // The subscription lives as long as its socket: a new connection subscribes again.
    await act(async () => ws().close())
    await act(() => new Promise((r) => setTimeout(r, 1050)))
    await act(async () => ws().open())
    expect(subscribes().map((f) => f.payload)).toEqual([
      { dailyIds: [`${TODAY}-en-daily-0`, `${TODAY}-en-daily-1`] },
      { dailyIds: [`${TODAY}-en-daily-0`, `${TODAY}-en-daily-1`] },
    ])
  })

  test('our own better attempt reads the day again (our row, the secret word)', async () => {
    let asked = 0
    const { container } = await mount(Daily, (call) => {
      if (call.path !== '/api/dailies') return null
      asked++
      const mine = row(TODAY, 1, 'Tester', { user: { id: 'u1', name: 'Tester', avatar: null } })
      return ok(asked === 1 ? answer(TODAY, []) : answer(TODAY, [mine], mine))
    })
    const ws = FakeSocket.all[FakeSocket.all.length - 1]
    await act(async () => ws.open())
    expect(container.querySelector('[data-testid="best-attempt"]')).toBeNull()
    const mine = row(TODAY, 1, 'Tester', { user: { id: 'u1', name: 'Tester', avatar: null } })
    await act(async () =>
      ws.receive({
        type: 'daily',
        event: 'update',
        payload: {
          dailyId: mine.dailyId,
          bestAttempt: mine,
          rating: { dailyId: mine.dailyId, items: [mine], total: 1 },
        },
        timestamp: Date.now(),
      }),
    )
    await act(() => settle())
    expect(asked).toBe(2)
    expect(container.querySelector('[data-testid="best-attempt"]')?.textContent).toContain('place 1')
  })

  test('links to the archive', async () => {
    const { container } = await mount(Daily, (call) =>
      call.path === '/api/dailies' ? ok(answer(TODAY, [])) : null,
    )
    expect(container.querySelector('[data-testid="archive-link"]')?.getAttribute('href')).toBe(
      '/en/daily/archive',
    )
  })
})

describe('the archive', () => {
  test('opens on the last final day: its ranking and your best attempt with how many you made', async () => {
    const mine = row(YESTERDAY, 2, 'Tester', {
      user: { id: 'u1', name: 'Tester', avatar: null },
      attempts: 3,
    })
    const t0 = await mount(
      DailyArchive,
      (call) => {
        if (call.path !== '/api/dailies/arhive') return null
        return ok(answer(YESTERDAY, [row(YESTERDAY, 1, 'Ann'), mine], mine))
      },
      '/daily/archive',
    )
    const fetched = t0.t.calls.filter((c) => c.path === '/api/dailies/arhive')
    expect(fetched).toHaveLength(1)
    const archive = t0.container.querySelector('[data-testid="daily-archive"]')
    expect(archive?.getAttribute('data-day')).toBe(YESTERDAY)
    expect((t0.container.querySelector('[data-testid="archive-day"]') as HTMLInputElement).value).toBe(
      YESTERDAY,
    )
    const normal = t0.container.querySelector('[data-testid="archive-daily-0"]')
    expect(names(normal)).toEqual(['Ann', 'Tester'])
    expect(normal?.querySelector('[aria-current="true"] .rating__name')?.textContent).toBe('Tester')
    expect(normal?.querySelector('[data-testid="best-attempt"]')?.textContent).toContain('attempts: 3')
    expect(t0.container.querySelector('[data-testid="archive-daily-1"]')?.textContent).toContain(
      en.daily.archive.noAttempt,
    )
    // The day is in the address, to come back to.
    expect(location.search).toBe(`?day=${YESTERDAY}`)
    // No later day than the last final one.
    expect((t0.container.querySelector('[data-testid="archive-next"]') as HTMLButtonElement).disabled).toBe(
      true,
    )
  })

  test('the previous day is asked for and shown; a day without dailies says so', async () => {
    const before = shiftDay(YESTERDAY, -1)
    const { container, t } = await mount(
      DailyArchive,
      (call) => {
        if (call.path !== '/api/dailies/arhive') return null
        const asked = t.calls.filter((c) => c.path === '/api/dailies/arhive').length
        return ok(
          asked === 1
            ? answer(YESTERDAY, [row(YESTERDAY, 1, 'Ann')])
            : { ...answer(before, []), dailies: [], ratings: [] },
        )
      },
      '/daily/archive',
    )
    await act(async () =>
      (container.querySelector('[data-testid="archive-previous"]') as HTMLButtonElement).click(),
    )
    await act(() => settle())
    expect(container.querySelector('[data-testid="daily-archive"]')?.getAttribute('data-day')).toBe(before)
    expect(container.textContent).toContain(en.daily.archive.none)
    expect(location.search).toBe(`?day=${before}`)
  })

  test('a ?day= in the address opens that day; a day not yet over is not asked for', async () => {
    history.replaceState(null, '', `/en/daily/archive?day=${shiftDay(YESTERDAY, -5)}`)
    const first = await mount(
      DailyArchive,
      (call) => (call.path === '/api/dailies/arhive' ? ok(answer(shiftDay(YESTERDAY, -5), [])) : null),
      '/daily/archive',
    )
    expect(first.container.querySelector('[data-testid="daily-archive"]')?.getAttribute('data-day')).toBe(
      shiftDay(YESTERDAY, -5),
    )
    islands.unmount()
    history.replaceState(null, '', `/en/daily/archive?day=${TODAY}`)
    const second = await mount(
      DailyArchive,
      (call) => (call.path === '/api/dailies/arhive' ? ok(answer(YESTERDAY, [])) : null),
      '/daily/archive',
    )
    expect(second.container.querySelector('[data-testid="daily-archive"]')?.getAttribute('data-day')).toBe(
      YESTERDAY,
    )
  })
})
