/**
 * "Never touch `db` inside a transaction" (src/db/tx-guard.ts): on PGlite such a query froze the
 * database for good (a payment of an unknown order looked its payer up on `db`). The run-time
 * guard refuses it on both drivers; the lint below refuses the direct form in the source.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import type { Db, Executor } from '../../src/db/client.ts'
import { users } from '../../src/db/schema/index.ts'
import { DbInTransactionError } from '../../src/db/tx-guard.ts'
import { findUserByTgId } from '../../src/users/repo.ts'
import { rel, sourceFiles } from '../support/source-files.ts'
import { dbUsesInTransactions } from '../support/transactions.ts'
import { describeBoth, openTestDatabase } from './harness.ts'

describe('lint: no database handle inside a transaction callback', () => {
  test('src/ has none', () => {
    const found = sourceFiles('src').flatMap((file) =>
      dbUsesInTransactions(readFileSync(file, 'utf8')).map((u) => `${rel(file)}:${u.line} ${u.text}`),
    )
    expect(found).toEqual([])
  })

  test('it finds the forms it is meant to find, and skips comments and strings', () => {
    const source = [
      'await db.transaction(async (tx) => {',
      '  // a comment about db is fine',
      "  log.info('db is busy')",
      '  const user = await findUserByTgId(db, tgId)',
      '  await this.deps.db.select().from(users)',
      '  await tx.insert(payments).values(row)',
      '})',
      'await db.select().from(users)',
    ].join('\n')
    expect(dbUsesInTransactions(source).map((u) => u.line)).toEqual([4, 5])
  })
})

describeBoth('the transaction guard', (kind) => {
  let db: Db
  let dispose: () => Promise<void>
  beforeAll(async () => {
    const opened = await openTestDatabase(kind)
    db = opened.database.db
    dispose = opened.dispose
  })
  afterAll(() => dispose())

  const probe = () => db.execute(sql`select 1 as one`)

  test('a query on db inside a transaction fails at once, also through a closure (the payment bug)', async () => {
    // The shape of the bug: a dependency that closes over `db`, called inside the transaction.
    const userIdOfTgId = async (tgId: number) => (await findUserByTgId(db, tgId))?.id ?? null
    const attempt = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      return userIdOfTgId(42)
    })
    await expect(attempt).rejects.toBeInstanceOf(DbInTransactionError)
    // The database still answers: nothing is left waiting.
    expect(await probe()).toBeDefined()
  })

  test('a second transaction opened on db inside one fails too', async () => {
    const attempt = db.transaction(async () => db.transaction(async (inner) => inner.execute(sql`select 1`)))
    await expect(attempt).rejects.toBeInstanceOf(DbInTransactionError)
    expect(await probe()).toBeDefined()
  })

  test('the transaction handle, its savepoints and work that runs after the commit are fine', async () => {
    let later: Promise<unknown> = Promise.resolve()
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const counted = await db.transaction(async (tx: Executor) => {
      await tx.transaction(async (sp) => sp.execute(sql`select 1`))
      // Started inside, runs once the transaction is over (a push after the commit).
      later = gate.then(() => db.select().from(users).limit(1))
      const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(users)
      return row?.n
    })
    expect(typeof counted).toBe('number')
    release()
    expect(await later).toBeArray()
  })

  test('queries beside a transaction, from other requests, are not affected', async () => {
    let inside: () => void = () => {}
    const entered = new Promise<void>((resolve) => {
      inside = resolve
    })
    let finish: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      finish = resolve
    })
    const tx = db.transaction(async (t) => {
      await t.execute(sql`select 1`)
      inside()
      await held
    })
    await entered
    // Another request's query: on Postgres it runs now, on PGlite once the transaction ends.
    const beside = probe()
    finish()
    await tx
    expect(await beside).toBeDefined()
  })
})
