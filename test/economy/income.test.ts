/**
 * Income collection over HTTP on a real server (PGlite and Postgres): concurrent collections
 * credit the accrued coins exactly once, the fraction stays to grow on, a subscription's rate and
 * maximum apply, the socket hears the new balance, and the counter the client draws
 * (web/economy/income.ts) shows what a collection then moves.
 */
import { expect, test } from 'bun:test'
import { incomeAt } from '../../web/economy/income.ts'
import { useServer } from '../server/clients.ts'
import { bearer, describeBoth, signIn } from '../server/harness.ts'
import { TestSocket } from '../server/ws-client.ts'
import { tgSignIn } from '../telegram/setup.ts'
import { coinsOf, ledgerMismatches, ledgerOf } from './ledger.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const DEV_TG_ID = 990_202

describeBoth('income collection', (db) => {
  const { server } = useServer(db, { env: { DEV: '1', DEV_TG_IDS: String(DEV_TG_ID) } })

  test('ten collections at once credit the accrued coins once; the ledger matches the balance', async () => {
    const { token, uid } = await signIn(server(), 'Collector')
    server().clock.advance(3 * HOUR) // 3 accrued, capped at the free maximum of 2
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => server().api.api.user['charge-income'].get(bearer(token))),
    )
    expect(answers.every((a) => a.status === 200)).toBe(true)
    const charged = answers.map((a) => a.data?.data.charged ?? -1)
    expect(charged.reduce((a, b) => a + b, 0)).toBe(2)
    expect(charged.filter((n) => n > 0)).toEqual([2])
    expect(await coinsOf(server().core.db, uid)).toBe(12)
    expect((await ledgerOf(server().core.db, uid)).filter((r) => r.reason === 'income')).toHaveLength(1)
    expect(await ledgerMismatches(server().core.db)).toEqual([])
  })

  test('the fraction is kept; what the client’s counter shows is what a collection moves', async () => {
    const { token } = await signIn(server(), 'Fraction')
    server().clock.advance(HOUR + HOUR / 4) // 1.25
    const first = await server().api.api.user['charge-income'].get(bearer(token))
    expect(first.data?.data).toMatchObject({ charged: 1, coins: 11 })
    const kept = first.data?.data.income
    expect(kept?.amount).toBeCloseTo(0.25, 3)

    // The client draws the counter from the profile's income and subscription on the server clock.
    server().clock.advance(HOUR / 2)
    const subscription = first.data?.data.subscription
    if (!kept || !subscription) throw new Error('no income in the answer')
    const drawn = incomeAt(kept, subscription, server().clock.now())
    expect(drawn.amount).toBeCloseTo(0.75, 3)
    const refreshed = await server().api.api.user['refresh-income'].get(bearer(token))
    expect(refreshed.data?.data.income.amount).toBeCloseTo(drawn.amount, 3)

    server().clock.advance(HOUR / 2) // 1.25: far from a whole coin, whatever the clock ticks meanwhile
    const later = incomeAt(kept, subscription, server().clock.now())
    const second = await server().api.api.user['charge-income'].get(bearer(token))
    expect(second.data?.data.charged).toBe(later.collectable)
    expect(second.data?.data.charged).toBe(1)
  })

  test('PRO+ (a developer’s subscription) earns 300 a day up to 30; the socket hears the balance', async () => {
    const dev = await tgSignIn(server(), DEV_TG_ID)
    const created = await fetch(`${server().url}/api/subscription/devsub`, {
      method: 'POST',
      headers: { authorization: `Bearer ${dev.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'proplus' }),
    })
    expect(created.status).toBe(200)
    server().clock.advance(DAY / 4) // 75, capped at 30
    const refreshed = await server().api.api.user['refresh-income'].get(bearer(dev.token))
    expect(refreshed.data?.data.income.amount).toBeCloseTo(30, 6)
    expect(refreshed.data?.data.incomeMax).toBe(30)

    const socket = await TestSocket.connect(server().wsUrl, dev.token)
    const before = await coinsOf(server().core.db, dev.uid)
    const charged = await server().api.api.user['charge-income'].get(bearer(dev.token))
    expect(charged.data?.data).toMatchObject({ charged: 30, coins: before + 30 })
    const update = await socket.waitFor((m) => m.type === 'user' && m.event === 'update')
    expect(update.payload).toMatchObject({ data: { coins: before + 30 } })
    socket.close()
  })
})
