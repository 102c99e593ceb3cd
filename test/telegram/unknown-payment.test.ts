/**
 * A `successful_payment` whose invoice payload is no order of ours (a lost order, another bot's
 * invoice, a forged payload). It used to look the payer up on `db` inside the payment's
 * transaction: on PGlite (one connection) that query waits for the transaction, which waits for
 * it, and the database froze for good while /api/health still said ok; the webhook never
 * answered, so Telegram delivered the update again after every restart.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import { payments } from '../../src/db/schema/index.ts'
import { coinsOf } from '../economy/ledger.ts'
import { bearer, describeBoth, type TestServer } from '../server/harness.ts'
import type { FakeBotApi } from './fake-bot-api.ts'
import { startTelegramServer, type TelegramTestServer, tgSignIn, WEBHOOK_SECRET } from './setup.ts'
import { postUpdate, successfulPaymentUpdate, type TgFrom } from './updates.ts'

/** Far above a healthy answer (milliseconds), far below "never". */
const HANG_MS = 5_000
const DEV_TG_ID = 990_301

/** Resolves with the value, or with 'hung' when `promise` has not settled within HANG_MS. */
function withinReason<T>(promise: Promise<T>): Promise<T | 'hung'> {
  return Promise.race([promise, Bun.sleep(HANG_MS).then(() => 'hung' as const)])
}

describeBoth('a payment for an unknown order', (db) => {
  let env: TelegramTestServer
  let server: TestServer
  let fake: FakeBotApi
  beforeAll(async () => {
    env = await startTelegramServer(db, { DEV_TG_IDS: String(DEV_TG_ID) })
    server = env.server
    fake = env.fake
  }, 60_000)
  afterAll(() => env.stop())

  const tgUser = (id: number): TgFrom => ({ id, first_name: `Tg${id}`, language_code: 'en' })
  const deliver = (update: unknown) =>
    withinReason(postUpdate(server, update, WEBHOOK_SECRET).then((res) => res.status))
  const rowsOf = (chargeId: string) =>
    server.core.db.select().from(payments).where(eq(payments.telegramPaymentChargeId, chargeId))
  const repliesTo = (tgId: number) =>
    fake
      .callsOf('sendMessage')
      .filter((c) => c.params.chat_id === tgId)
      .map((c) => String(c.params.text))

  test('of a known payer is answered, and the database keeps answering', async () => {
    const user = tgUser(881_001)
    const { uid } = await tgSignIn(server, user.id)
    const chargeId = `stxUnknownKnown${db}`
    const update = successfulPaymentUpdate(user, { payload: 'no-such-order', amount: 50, chargeId })
    expect(await deliver(update)).toBe(200)
    const probe = await withinReason(server.core.db.execute(sql`select 1 as one`).then(() => 'answered'))
    expect(probe).toBe('answered')
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)

    // Recorded for support (nothing delivered), logged, and the payer told where to turn.
    const [row] = await rowsOf(chargeId)
    expect(row).toMatchObject({ userId: uid, payerTgId: user.id, itemId: 'unknown', amount: 50 })
    expect(row?.delivered).toMatchObject({ coins: 0, bonus: 0, gameSlots: 0, emojiSlots: 0 })
    expect(await coinsOf(server.core.db, uid)).toBe(10)
    const logged = server.logs.find((r) => r.msg.startsWith('payment of an unknown order'))
    expect(logged).toMatchObject({
      level: 'error',
      charge: chargeId,
      payerTgId: user.id,
      payload: 'no-such-order',
    })
    expect(repliesTo(user.id)).toEqual([expect.stringContaining('/paysupport')])

    // Telegram's redelivery (after a restart, say) finds it and stops: no second row, no second message.
    expect(await deliver(update)).toBe(200)
    expect(await rowsOf(chargeId)).toHaveLength(1)
    expect(repliesTo(user.id)).toHaveLength(1)
  })

  test('of a payer unknown here is recorded with their Telegram id and can be refunded', async () => {
    const stranger = tgUser(881_002)
    const chargeId = `stxUnknownStranger${db}`
    expect(
      await deliver(successfulPaymentUpdate(stranger, { payload: 'lost-order', amount: 75, chargeId })),
    ).toBe(200)
    const [row] = await rowsOf(chargeId)
    expect(row).toMatchObject({ userId: null, payerTgId: stranger.id, itemId: 'unknown', amount: 75 })

    const dev = await tgSignIn(server, DEV_TG_ID)
    const res = await server.api.api.shop.refund.post({ chargeId }, bearer(dev.token))
    expect(res.data?.data).toMatchObject({ status: 'refunded', userId: null, refund: { coinsTaken: 0 } })
    expect(fake.callsOf('refundStarPayment').at(-1)?.params).toEqual({
      user_id: stranger.id,
      telegram_payment_charge_id: chargeId,
    })
    const [after] = await rowsOf(chargeId)
    expect(after?.refundedAt).not.toBeNull()
  })
})
