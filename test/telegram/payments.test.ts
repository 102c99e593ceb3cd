import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import { AVATAR_CATALOGUE, emptyPlayerStats } from '../../engine/index.ts'
import { payments, users } from '../../src/db/schema/index.ts'
import { coinsOf, ledgerMismatches, ledgerOf } from '../economy/ledger.ts'
import { bearer, describeServer, signIn, type TestServer } from '../server/harness.ts'
import { TestSocket } from '../server/ws-client.ts'
import type { FakeBotApi } from './fake-bot-api.ts'
import { startTelegramServer, type TelegramTestServer, tgSignIn, WEBHOOK_SECRET } from './setup.ts'
import {
  postUpdate,
  preCheckoutUpdate,
  refundedPaymentUpdate,
  successfulPaymentUpdate,
  type TgFrom,
} from './updates.ts'

const DAY = 86_400_000
/** Far above a healthy answer (milliseconds), far below "never". */
const HANG_MS = 5_000

/** Resolves with the value, or with 'hung' when `promise` has not settled within HANG_MS. */
function withinReason<T>(promise: Promise<T>): Promise<T | 'hung'> {
  return Promise.race([promise, Bun.sleep(HANG_MS).then(() => 'hung' as const)])
}
const DEV_TG_ID = 990_201

describeServer('Telegram Stars payments', (db) => {
  let env: TelegramTestServer
  let server: TestServer
  let fake: FakeBotApi
  beforeAll(async () => {
    env = await startTelegramServer(db, { DEV_TG_IDS: String(DEV_TG_ID) })
    server = env.server
    fake = env.fake
  }, 60_000)
  afterAll(() => env.stop())

  let chargeSeq = 0
  const newCharge = () => `stxCharge${db}${++chargeSeq}`
  const tgUser = (id: number): TgFrom => ({ id, first_name: `Tg${id}`, language_code: 'en' })
  const post = async (update: unknown) => {
    const res = await postUpdate(server, update, WEBHOOK_SECRET)
    expect(res.status).toBe(200)
  }
  const invoice = async (token: string, itemId: string, amount?: number) => {
    const res = await server.api.api.shop.invoice.post({ itemId, amount }, bearer(token))
    if (!res.data) throw new Error(`invoice refused: ${res.status} ${JSON.stringify(res.error?.value)}`)
    return res.data.data
  }
  /** The answer the bot gave to the last pre-checkout query. */
  const lastPreCheckout = () => fake.callsOf('answerPreCheckoutQuery').at(-1)?.params
  const profile = async (token: string) => {
    const res = await server.api.api.init.post(undefined, bearer(token))
    if (!res.data) throw new Error('init failed')
    return res.data.data.profile
  }
  const paymentRows = (chargeId: string) =>
    server.core.db.select().from(payments).where(eq(payments.telegramPaymentChargeId, chargeId))

  describe('a coin pack through the whole flow', () => {
    test('invoice link → pre-checkout → successful payment delivered twice: credited once, with the first-purchase bonus', async () => {
      const user = tgUser(880_001)
      const { token, uid } = await tgSignIn(server, user.id)
      const socket = await TestSocket.connect(server.wsUrl, token)

      const { link, orderId, priceXtr } = await invoice(token, 'coins100')
      expect(link).toStartWith('https://t.me/$fake-invoice-')
      expect(priceXtr).toBe(50)
      const created = fake.callsOf('createInvoiceLink').at(-1)?.params
      expect(created).toMatchObject({
        payload: orderId,
        provider_token: '',
        currency: 'XTR',
        prices: [{ amount: 50 }],
      })
      expect(created).not.toHaveProperty('subscription_period')

      await post(preCheckoutUpdate(user, orderId, 50))
      expect(lastPreCheckout()).toMatchObject({ ok: true })
      expect(await coinsOf(server.core.db, uid)).toBe(10) // nothing before successful_payment

      const chargeId = newCharge()
      const paid = successfulPaymentUpdate(user, { payload: orderId, amount: 50, chargeId })
      await post(paid)
      await post(paid) // Telegram delivers it again
      expect(await coinsOf(server.core.db, uid)).toBe(10 + 100 + 50)
      expect(await paymentRows(chargeId)).toHaveLength(1)
      expect((await ledgerOf(server.core.db, uid)).map((r) => [r.reason, r.delta])).toEqual([
        ['initial', 10],
        ['purchase', 100],
        ['firstPurchase', 50],
      ])
      const update = await socket.waitFor(
        (m) => m.event === 'update' && (m.payload as { data: { coins?: number } }).data.coins === 160,
      )
      expect(update.type).toBe('user')
      // The bot thanked the payer once.
      expect(fake.callsOf('sendMessage').filter((c) => c.params.chat_id === user.id)).toHaveLength(1)

      // The paid order cannot be paid again.
      await post(preCheckoutUpdate(user, orderId, 50))
      expect(lastPreCheckout()).toMatchObject({ ok: false, error_message: 'This invoice is already paid.' })

      // A second pack: no bonus this time, and two copies racing still credit once.
      const second = await invoice(token, 'coins100')
      await post(preCheckoutUpdate(user, second.orderId, 50))
      const twin = successfulPaymentUpdate(user, {
        payload: second.orderId,
        amount: 50,
        chargeId: newCharge(),
      })
      const [a, b] = await Promise.all([
        postUpdate(server, twin, WEBHOOK_SECRET),
        postUpdate(server, twin, WEBHOOK_SECRET),
      ])
      expect([a.status, b.status]).toEqual([200, 200])
      expect(await coinsOf(server.core.db, uid)).toBe(260)
      await socket.close()
    })

    test('a custom coin amount is priced per coin; amounts outside the range are refused', async () => {
      const user = tgUser(880_002)
      const { token, uid } = await tgSignIn(server, user.id)
      const custom = await invoice(token, 'coinsCustom', 150)
      expect(custom.priceXtr).toBe(75)
      expect(fake.callsOf('createInvoiceLink').at(-1)?.params).toMatchObject({ prices: [{ amount: 75 }] })
      await post(preCheckoutUpdate(user, custom.orderId, 75))
      await post(
        successfulPaymentUpdate(user, { payload: custom.orderId, amount: 75, chargeId: newCharge() }),
      )
      expect(await coinsOf(server.core.db, uid)).toBe(10 + 150 + 75)

      for (const body of [
        { itemId: 'coinsCustom' },
        { itemId: 'coinsCustom', amount: 5 },
        { itemId: 'coins100', amount: 150 },
        { itemId: 'nothing' },
      ]) {
        const res = await server.api.api.shop.invoice.post(body, bearer(token))
        expect(res.status).toBe(400)
      }
    })
  })

  describe('a subscription through the whole flow', () => {
    test('a 30-day Stars subscription; delivered twice, credited once; PRO-only actions then allowed', async () => {
      const user = tgUser(880_003)
      const { token, uid } = await tgSignIn(server, user.id)
      expect((await profile(token)).subscription).toMatchObject({ active: false })
      const refused = await server.api.api.user.intercom.post({ slotValue: '🎉' }, bearer(token))
      expect(refused.status).toBe(409) // the free tier's 3 slots are full

      const { orderId, priceXtr } = await invoice(token, 'pro')
      expect(priceXtr).toBe(100)
      expect(fake.callsOf('createInvoiceLink').at(-1)?.params).toMatchObject({
        payload: orderId,
        currency: 'XTR',
        provider_token: '',
        prices: [{ amount: 100 }],
        subscription_period: 2_592_000,
      })
      await post(preCheckoutUpdate(user, orderId, 100))
      expect(lastPreCheckout()).toMatchObject({ ok: true })

      const chargeId = newCharge()
      const expiresSec = Math.floor((server.clock.now() + 30 * DAY) / 1000)
      const paid = successfulPaymentUpdate(user, {
        payload: orderId,
        amount: 100,
        chargeId,
        subscriptionExpirationDate: expiresSec,
      })
      await post(paid)
      await post(paid)
      const after = await profile(token)
      expect(after.subscription).toMatchObject({ id: 'pro', active: true, expiresAt: expiresSec * 1000 })
      expect(after).toMatchObject({ gameSlotsCapacity: 10, intercomSlotsCapacity: 7, coins: 10 })
      expect(await paymentRows(chargeId)).toHaveLength(1)

      // PRO: a 4th reaction slot is allowed now.
      const allowed = await server.api.api.user.intercom.post({ slotValue: '🎉' }, bearer(token))
      expect(allowed.status).toBe(200)
      expect(await coinsOf(server.core.db, uid)).toBe(5)

      // Cancel tells Telegram to stop renewing and keeps PRO to the period's end.
      const cancelled = await server.api.api.subscription.cancel.post(undefined, bearer(token))
      expect(cancelled.data?.data.subscription).toMatchObject({ id: 'pro', active: true, cancelled: true })
      expect(fake.callsOf('editUserStarSubscription').at(-1)?.params).toEqual({
        user_id: user.id,
        telegram_payment_charge_id: chargeId,
        is_canceled: true,
      })
    })

    test('slot packs add game and emoji slots for good, once per payment', async () => {
      const user = tgUser(880_004)
      const { token } = await tgSignIn(server, user.id)
      for (const itemId of ['gameSlots10', 'emojiSlots30']) {
        const { orderId, priceXtr } = await invoice(token, itemId)
        await post(preCheckoutUpdate(user, orderId, priceXtr))
        const paid = successfulPaymentUpdate(user, {
          payload: orderId,
          amount: priceXtr,
          chargeId: newCharge(),
        })
        await post(paid)
        await post(paid)
      }
      expect(await profile(token)).toMatchObject({
        gameSlots: 10,
        gameSlotsCapacity: 13,
        intercomSlotsCapacity: 33,
        coins: 10,
      })
    })
  })

  describe('pre-checkout checks the order', () => {
    test('wrong amount, wrong currency, another user and an unknown order are refused', async () => {
      const owner = tgUser(880_005)
      const stranger = tgUser(880_006)
      const { token } = await tgSignIn(server, owner.id)
      await tgSignIn(server, stranger.id)
      const { orderId } = await invoice(token, 'coins1000')

      await post(preCheckoutUpdate(owner, orderId, 249))
      expect(lastPreCheckout()).toMatchObject({ ok: false, error_message: expect.any(String) })
      await post(preCheckoutUpdate(owner, orderId, 250, 'USD'))
      expect(lastPreCheckout()).toMatchObject({ ok: false })
      await post(preCheckoutUpdate(stranger, orderId, 250))
      expect(lastPreCheckout()).toMatchObject({ ok: false })
      await post(preCheckoutUpdate(owner, 'no-such-order', 250))
      expect(lastPreCheckout()).toMatchObject({ ok: false })
      await post(preCheckoutUpdate(owner, orderId, 250))
      expect(lastPreCheckout()).toMatchObject({ ok: true })
    })

    test('invoices need Telegram: a web user is refused, and so is an anonymous caller', async () => {
      const web = await signIn(server, 'Web Buyer')
      const res = await server.api.api.shop.invoice.post({ itemId: 'coins100' }, bearer(web.token))
      expect(res.status).toBe(409)
      expect(res.error?.value).toMatchObject({ error: { code: 'TELEGRAM_REQUIRED' } })
      expect((await server.api.api.shop.invoice.post({ itemId: 'coins100' })).status).toBe(401)
    })
  })

  describe('refunds take the goods back', () => {
    const buy = async (user: TgFrom, token: string, itemId: string, extra: { expires?: number } = {}) => {
      const { orderId, priceXtr } = await invoice(token, itemId)
      await post(preCheckoutUpdate(user, orderId, priceXtr))
      const chargeId = newCharge()
      await post(
        successfulPaymentUpdate(user, {
          payload: orderId,
          amount: priceXtr,
          chargeId,
          subscriptionExpirationDate: extra.expires,
        }),
      )
      return { orderId, priceXtr, chargeId }
    }

    test('Telegram’s refunded_payment, delivered twice, takes the coins and the bonus back once', async () => {
      const user = tgUser(880_007)
      const { token, uid } = await tgSignIn(server, user.id)
      const { orderId, priceXtr, chargeId } = await buy(user, token, 'coins1000')
      expect(await coinsOf(server.core.db, uid)).toBe(10 + 1000 + 500)

      const refunded = refundedPaymentUpdate(user, { payload: orderId, amount: priceXtr, chargeId })
      await post(refunded)
      await post(refunded)
      expect(await coinsOf(server.core.db, uid)).toBe(10)
      const [row] = await paymentRows(chargeId)
      expect(row?.refund).toMatchObject({ coinsTaken: 1500, coinsShort: 0, source: 'telegram' })
      expect((await ledgerOf(server.core.db, uid)).filter((r) => r.reason === 'refund')).toEqual([
        { delta: -1500, reason: 'refund', reference: chargeId },
      ])
    })

    test('coins already spent cannot be taken: the balance stops at 0 and the shortfall is recorded', async () => {
      const user = tgUser(880_008)
      const { token, uid } = await tgSignIn(server, user.id)
      const { orderId, priceXtr, chargeId } = await buy(user, token, 'coins100')
      // Spend most of it on avatars (which need 3 games played).
      await server.core.db
        .update(users)
        .set({ stats: { ...emptyPlayerStats(), gamesPlayed: 3 } })
        .where(eq(users.id, uid))
      for (const avatar of AVATAR_CATALOGUE.filter((a) => !a.pro)
        .slice(0, 10)
        .map((a) => a.id)) {
        const res = await server.api.api.user.avatar.post({ avatar }, bearer(token))
        expect(res.status).toBe(200)
      }
      expect(await coinsOf(server.core.db, uid)).toBe(160 - 100)
      await post(refundedPaymentUpdate(user, { payload: orderId, amount: priceXtr, chargeId }))
      expect(await coinsOf(server.core.db, uid)).toBe(0)
      const [row] = await paymentRows(chargeId)
      expect(row?.refund).toMatchObject({ coinsTaken: 60, coinsShort: 90 })
    })

    test('our refund (refundStarPayment, developers only) ends a subscription; Telegram’s echo changes nothing', async () => {
      const user = tgUser(880_009)
      const { token } = await tgSignIn(server, user.id)
      const expires = Math.floor((server.clock.now() + 30 * DAY) / 1000)
      const { orderId, chargeId } = await buy(user, token, 'proplus', { expires })
      expect((await profile(token)).subscription).toMatchObject({ id: 'proplus', active: true })

      // Not a developer: refused.
      const notDev = await server.api.api.shop.refund.post({ chargeId }, bearer(token))
      expect(notDev.status).toBe(403)

      const dev = await tgSignIn(server, DEV_TG_ID)
      const res = await server.api.api.shop.refund.post({ chargeId }, bearer(dev.token))
      expect(res.data?.data).toMatchObject({
        status: 'refunded',
        refund: { subscriptionRevoked: true, source: 'bot' },
      })
      expect(fake.callsOf('refundStarPayment').at(-1)?.params).toEqual({
        user_id: user.id,
        telegram_payment_charge_id: chargeId,
      })
      const after = await profile(token)
      expect(after.subscription).toMatchObject({ active: false })
      expect(after.gameSlotsCapacity).toBe(3)

      await post(refundedPaymentUpdate(user, { payload: orderId, amount: 200, chargeId }))
      const again = await server.api.api.shop.refund.post({ chargeId }, bearer(dev.token))
      expect(again.data?.data).toMatchObject({ status: 'alreadyRefunded' })
    })

    test('a refunded emoji pack takes its slots back and drops the reactions beyond the capacity', async () => {
      const user = tgUser(880_010)
      const { token } = await tgSignIn(server, user.id)
      const { orderId, priceXtr, chargeId } = await buy(user, token, 'emojiSlots10')
      const add = await server.api.api.user.intercom.post({ slotValue: '🎉' }, bearer(token))
      expect(add.data?.data.intercomSlots).toEqual(['👍', '🔥', '😮', '🎉'])
      await post(refundedPaymentUpdate(user, { payload: orderId, amount: priceXtr, chargeId }))
      expect(await profile(token)).toMatchObject({
        intercomSlotsCapacity: 3,
        intercomSlots: ['👍', '🔥', '😮'],
      })
    })
  })

  describe('a payment for an unknown order', () => {
    // It used to look the payer up on `db` inside the payment's transaction: on PGlite (one
    // connection) that query waits for the transaction, which waits for it, and the database froze
    // for good while /api/health still said ok; the webhook never answered, so Telegram delivered
    // the update again after every restart.
    const deliver = (update: unknown) =>
      withinReason(postUpdate(server, update, WEBHOOK_SECRET).then((res) => res.status))
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
      const [row] = await paymentRows(chargeId)
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
      expect(await paymentRows(chargeId)).toHaveLength(1)
      expect(repliesTo(user.id)).toHaveLength(1)
    })

    test('of a payer unknown here is recorded with their Telegram id and can be refunded', async () => {
      const stranger = tgUser(881_002)
      const chargeId = `stxUnknownStranger${db}`
      expect(
        await deliver(successfulPaymentUpdate(stranger, { payload: 'lost-order', amount: 75, chargeId })),
      ).toBe(200)
      const [row] = await paymentRows(chargeId)
      expect(row).toMatchObject({ userId: null, payerTgId: stranger.id, itemId: 'unknown', amount: 75 })

      const dev = await tgSignIn(server, DEV_TG_ID)
      const res = await server.api.api.shop.refund.post({ chargeId }, bearer(dev.token))
      expect(res.data?.data).toMatchObject({ status: 'refunded', userId: null, refund: { coinsTaken: 0 } })
      expect(fake.callsOf('refundStarPayment').at(-1)?.params).toEqual({
        user_id: stranger.id,
        telegram_payment_charge_id: chargeId,
      })
      const [after] = await paymentRows(chargeId)
      expect(after?.refundedAt).not.toBeNull()
    })
  })

  test('every balance equals its ledger', async () => {
    expect(await ledgerMismatches(server.core.db)).toEqual([])
  })
})
