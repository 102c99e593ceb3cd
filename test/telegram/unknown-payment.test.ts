/**
 * A `successful_payment` whose invoice payload is no order of ours (a lost order, another bot's
 * invoice, a forged payload). It used to look the payer up on `db` inside the payment's
 * transaction: on PGlite (one connection) that query waits for the transaction, which waits for
 * it, and the database froze for good while /api/health still said ok.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { describeBoth, type TestServer } from '../server/harness.ts'
import { startTelegramServer, type TelegramTestServer, tgSignIn, WEBHOOK_SECRET } from './setup.ts'
import { postUpdate, successfulPaymentUpdate, type TgFrom } from './updates.ts'

/** Far above a healthy answer (milliseconds), far below "never". */
const HANG_MS = 5_000

/** Resolves with the value, or with 'hung' when `promise` has not settled within HANG_MS. */
function withinReason<T>(promise: Promise<T>): Promise<T | 'hung'> {
  return Promise.race([promise, Bun.sleep(HANG_MS).then(() => 'hung' as const)])
}

describeBoth('a payment for an unknown order', (db) => {
  let env: TelegramTestServer
  let server: TestServer
  beforeAll(async () => {
    env = await startTelegramServer(db)
    server = env.server
  }, 60_000)
  afterAll(() => env.stop())

  const tgUser = (id: number): TgFrom => ({ id, first_name: `Tg${id}`, language_code: 'en' })

  test('of a known payer is answered, and the database keeps answering', async () => {
    const user = tgUser(881_001)
    await tgSignIn(server, user.id)
    const update = successfulPaymentUpdate(user, {
      payload: 'no-such-order',
      amount: 50,
      chargeId: `stxUnknownKnown${db}`,
    })
    const answered = await withinReason(
      postUpdate(server, update, WEBHOOK_SECRET).then((res) => res.status),
    )
    expect(answered).toBe(200)
    const probe = await withinReason(server.core.db.execute(sql`select 1 as one`).then(() => 'answered'))
    expect(probe).toBe('answered')
  })
})
