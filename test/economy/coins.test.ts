import { afterAll, beforeAll, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { Db } from '../../src/db/client.ts'
import { users } from '../../src/db/schema/index.ts'
import { creditCoins, ledgerSum, spendCoins, takeBackCoins } from '../../src/economy/coins.ts'
import { createUsersService } from '../../src/users/service.ts'
import { createWebUser, describeServer, openTestDatabase } from '../server/harness.ts'
import { coinsOf, ledgerMismatches, ledgerOf } from './ledger.ts'

describeServer('coins service', (kind) => {
  let db: Db
  let dispose: () => Promise<void>
  const now = () => Date.now()
  const newUser = async (nickname: string, coins?: number) => {
    const user = await createWebUser(createUsersService({ db, clock: now }), nickname)
    if (coins !== undefined && coins !== user.coins) {
      // Top up (or down) through the service itself, so the ledger stays whole.
      if (coins > user.coins)
        await creditCoins(db, { userId: user.id, amount: coins - user.coins, reason: 'test', now: now() })
      else await spendCoins(db, { userId: user.id, amount: user.coins - coins, reason: 'test', now: now() })
    }
    return user.id
  }

  beforeAll(async () => {
    const opened = await openTestDatabase(kind)
    db = opened.database.db
    dispose = opened.dispose
  }, 60_000)
  afterAll(() => dispose())

  test('50 concurrent spends of 1 at a balance of 10: exactly 10 succeed, balance 0, ledger sums', async () => {
    const uid = await newUser('Spender')
    expect(await coinsOf(db, uid)).toBe(10)
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        spendCoins(db, { userId: uid, amount: 1, reason: 'game', reference: `g${i}`, now: now() }),
      ),
    )
    expect(results.filter((r) => r.ok)).toHaveLength(10)
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'insufficient')).toBe(true)
    expect(await coinsOf(db, uid)).toBe(0)
    expect(await ledgerSum(db, uid)).toBe(0)
    expect((await ledgerOf(db, uid)).filter((row) => row.reason === 'game')).toHaveLength(10)
  })

  test('50 concurrent spends of 3 at a balance of 31: 10 succeed, 1 coin left', async () => {
    const uid = await newUser('Spender Three', 31)
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        spendCoins(db, { userId: uid, amount: 3, reason: 'avatar', now: now() }),
      ),
    )
    expect(results.filter((r) => r.ok)).toHaveLength(10)
    expect(await coinsOf(db, uid)).toBe(1)
    expect(await ledgerSum(db, uid)).toBe(1)
  })

  test('a credit with a reference is applied once, even when 20 race', async () => {
    const uid = await newUser('Creditor')
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        creditCoins(db, { userId: uid, amount: 100, reason: 'purchase', reference: 'charge-1', now: now() }),
      ),
    )
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.filter((r) => !r.ok && r.reason === 'duplicate')).toHaveLength(19)
    expect(await coinsOf(db, uid)).toBe(110)
  })

  test('a refused spend inside a caller’s transaction undoes only itself', async () => {
    const uid = await newUser('Composer')
    const outcome = await db.transaction(async (tx) => {
      const first = await spendCoins(tx, {
        userId: uid,
        amount: 4,
        reason: 'game',
        reference: 'a',
        now: now(),
      })
      const tooMuch = await spendCoins(tx, {
        userId: uid,
        amount: 100,
        reason: 'game',
        reference: 'b',
        now: now(),
      })
      const again = await spendCoins(tx, {
        userId: uid,
        amount: 1,
        reason: 'game',
        reference: 'a',
        now: now(),
      })
      return { first, tooMuch, again }
    })
    expect(outcome.first).toEqual({ ok: true, balance: 6 })
    expect(outcome.tooMuch).toEqual({ ok: false, reason: 'insufficient' })
    expect(outcome.again).toEqual({ ok: false, reason: 'duplicate' })
    expect(await coinsOf(db, uid)).toBe(6)
    // And a caller that rolls back takes the spend with it.
    await db
      .transaction(async (tx) => {
        await spendCoins(tx, { userId: uid, amount: 6, reason: 'game', reference: 'c', now: now() })
        throw new Error('the game could not be created')
      })
      .catch(() => {})
    expect(await coinsOf(db, uid)).toBe(6)
    expect(await ledgerSum(db, uid)).toBe(6)
  })

  test('take back stops at 0 and says how much it took; unknown users are refused', async () => {
    const uid = await newUser('Refunded', 30)
    const taken = await takeBackCoins(db, {
      userId: uid,
      amount: 100,
      reason: 'refund',
      reference: 'c1',
      now: now(),
    })
    expect(taken).toEqual({ ok: true, taken: 30, balance: 0 })
    const again = await takeBackCoins(db, {
      userId: uid,
      amount: 100,
      reason: 'refund',
      reference: 'c1',
      now: now(),
    })
    expect(again).toEqual({ ok: false, reason: 'duplicate' })
    expect(await spendCoins(db, { userId: 'nobody', amount: 1, reason: 'x', now: now() })).toEqual({
      ok: false,
      reason: 'noUser',
    })
    expect(await creditCoins(db, { userId: 'nobody', amount: 1, reason: 'x', now: now() })).toEqual({
      ok: false,
      reason: 'noUser',
    })
  })

  test('the database refuses a negative balance and amounts must be positive integers', async () => {
    const uid = await newUser('Guarded')
    await expect(
      Promise.resolve(db.update(users).set({ coins: -1 }).where(eq(users.id, uid))),
    ).rejects.toThrow()
    await expect(spendCoins(db, { userId: uid, amount: 0, reason: 'x', now: now() })).rejects.toThrow()
    await expect(creditCoins(db, { userId: uid, amount: 1.5, reason: 'x', now: now() })).rejects.toThrow()
  })

  test('every balance equals its ledger', async () => {
    expect(await ledgerMismatches(db)).toEqual([])
  })
})
