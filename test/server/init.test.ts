import { afterAll, beforeAll, expect, test } from 'bun:test'
import { SHOP } from '../../engine/index.ts'
import { bearer, describeServer, startServer, type TestServer } from './harness.ts'
import { signInitData } from './telegram.ts'

describeServer('/api/init', (db) => {
  let server: TestServer
  let token: string
  let uid: string
  beforeAll(async () => {
    server = await startServer({ db })
    const res = await server.api.api.auth.signin.post({ nickname: 'Init User', lang: 'es' })
    token = res.data?.data.auth.token as string
    uid = res.data?.data.auth.uid as string
  })
  afterAll(() => server.stop())

  test('with a bearer token: profile, empty games, lobby, shop and a fresh token', async () => {
    const res = await server.api.api.init.post(undefined, bearer(token))
    expect(res.status).toBe(200)
    const data = res.data?.data
    if (!data) throw new Error('no data')
    expect(data.auth.uid).toBe(uid)
    expect(data.profile).toMatchObject({
      _id: uid,
      nickname: 'Init User',
      lang: 'es',
      tgId: 0,
      eloPvp: 1200,
      eloPve: 1200,
      coins: 10,
      level: 0,
      gameSlots: 0,
      gameSlotsCapacity: 3,
      isDev: false,
      isTutorialAvailable: true,
      subscription: { active: false, trialAvailable: true },
    })
    expect(data.profile.stats.gamesPlayed).toBe(0)
    expect(data.games).toEqual([])
    expect(data.presence).toEqual({})
    expect(data.lobby.counts).toEqual({ classic: { ru: 0, en: 0, es: 0 }, blitz: { ru: 0, en: 0, es: 0 } })
    expect(data.startParams).toEqual({})
    // The test server has a bot: invites and Stars payments are on (docs/web.md).
    expect(data.features).toEqual({ telegramBot: true, payments: true })
    const ids = data.shop.items.map((item) => item.id)
    expect(ids).toEqual([
      ...SHOP.subscriptions.map((s) => s.id),
      ...SHOP.coinPacks.map((p) => p.id),
      SHOP.customCoins.id,
      ...SHOP.slotPacks.map((p) => p.id),
    ])
    expect(data.shop.items[0]).toMatchObject({ type: 'subscription', id: 'pro', priceXtr: 100, days: 30 })

    // The token it returns works in turn.
    const again = await server.api.api.init.post(undefined, bearer(data.auth.token))
    expect(again.data?.data.auth.uid).toBe(uid)
  })

  test('with init data only: signs the Telegram user in and reads start_param', async () => {
    const data = signInitData(
      { id: 810001, first_name: 'Mini', language_code: 'en' },
      { startParam: 'room_abc-123' },
    )
    const res = await server.api.api.init.post(undefined, { headers: { 'x-telegram-init-data': data } })
    expect(res.status).toBe(200)
    expect(res.data?.data.profile).toMatchObject({ tgId: 810001, firstName: 'Mini', lang: 'en' })
    expect(res.data?.data.startParams).toEqual({ roomId: 'abc-123' })
  })

  test('a ref start_param makes the referrer of a new Telegram user', async () => {
    const data = signInitData({ id: 810002, first_name: 'Invited' }, { startParam: `ref_${uid}` })
    const res = await server.api.api.init.post(undefined, { headers: { 'x-telegram-init-data': data } })
    expect(res.data?.data.startParams).toEqual({ ref: uid })
    expect(res.data?.data.profile.referrer).toBe(uid)
  })

  test('bad init data next to a good token falls back to the token', async () => {
    const bad = signInitData({ id: 810003, first_name: 'X' }).replace(
      /hash=[0-9a-f]+/,
      `hash=${'0'.repeat(64)}`,
    )
    const res = await server.api.api.init.post(undefined, {
      headers: { 'x-telegram-init-data': bad, authorization: `Bearer ${token}` },
    })
    expect(res.data?.data.auth.uid).toBe(uid)
  })

  test('401 without a token, with a bad one, with bad init data, or for an expired token', async () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Bearer nonsense' },
      { authorization: `Bearer ${token}x` },
      { authorization: token },
      { 'x-telegram-init-data': 'user=%7B%7D&auth_date=1&hash=abc' },
    ]
    for (const headers of cases) {
      const res = await fetch(`${server.url}/api/init`, { method: 'POST', headers })
      expect(res.status).toBe(401)
      expect(await res.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } })
    }
    server.clock.advance(7 * 24 * 3600_000 + 1000)
    try {
      expect((await server.api.api.init.post(undefined, bearer(token))).status).toBe(401)
    } finally {
      server.clock.advance(-(7 * 24 * 3600_000 + 1000))
    }
  })
})
