/**
 * A database that does not answer is reported (GET /api/health → 503 in the envelope), and on
 * Postgres a statement or a lock wait cannot hang a request for ever (session timeouts).
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { type SQL, sql } from 'drizzle-orm'
import postgres from 'postgres'
import { openDatabase, POSTGRES_TIMEOUTS } from '../../src/db/client.ts'
import { useServer } from './clients.ts'
import {
  describeBoth,
  postgresAvailable,
  prepareDatabase,
  type Scratch,
  SERVER_TEST_TIMEOUT_MS,
} from './harness.ts'

/** More transactions than the test pool has connections (4): nothing is left for anyone else. */
const HOLDERS = 4

describeBoth('health', (kind) => {
  const { server } = useServer(kind)

  const health = async () => {
    const res = await fetch(`${server().url}/api/health`)
    return { status: res.status, body: await res.json() }
  }

  test('answers 200 when the database answers', async () => {
    expect(await health()).toEqual({ status: 200, body: { success: true, data: { db: 'ok' } } })
  })

  test('answers 503 with the envelope while the database does not answer, and 200 again after', async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    // Transactions that hold every connection (PGlite has one) and wait.
    const holders = Array.from({ length: HOLDERS }, () =>
      server().core.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        await held
      }),
    )
    await Bun.sleep(50)
    const stuck = await health()
    expect(stuck.status).toBe(503)
    expect(stuck.body).toEqual({
      success: false,
      error: { code: 'DB_UNAVAILABLE', message: expect.stringContaining('did not answer') },
    })
    // A second check while the first probe still waits does not queue another query.
    expect((await health()).status).toBe(503)
    release()
    await Promise.all(holders)
    await Bun.sleep(20)
    expect((await health()).status).toBe(200)
  })
})

// PGlite has one connection and nothing to set: a stuck transaction there is what health reports.
describe.if(postgresAvailable)('postgres session limits', () => {
  setDefaultTimeout(SERVER_TEST_TIMEOUT_MS)
  let scratch: Scratch
  beforeAll(async () => {
    scratch = await prepareDatabase('postgres')
  })
  afterAll(() => scratch.dispose())

  test('every connection carries the statement, lock and idle-in-transaction timeouts', async () => {
    const database = await openDatabase(scratch, { maxConnections: 2 })
    try {
      const setting = async (name: string) => {
        const rows = (await database.db.execute(
          sql`select setting from pg_settings where name = ${name}`,
        )) as unknown as { setting: string }[]
        return Number(rows[0]?.setting)
      }
      expect(await setting('statement_timeout')).toBe(POSTGRES_TIMEOUTS.statement)
      expect(await setting('lock_timeout')).toBe(POSTGRES_TIMEOUTS.lock)
      expect(await setting('idle_in_transaction_session_timeout')).toBe(POSTGRES_TIMEOUTS.idleInTransaction)
    } finally {
      await database.close()
    }
  })

  test('a lock held elsewhere fails the wait (55P03) and a long statement is cancelled (57014)', async () => {
    const database = await openDatabase(scratch, {
      maxConnections: 2,
      timeouts: { lock: 200, statement: 300 },
    })
    const other = postgres(scratch.databaseUrl as string, { max: 1, onnotice: () => {} })
    /** The Postgres error code a statement fails with (Drizzle wraps the driver's error). */
    const failureOf = async (query: SQL): Promise<string | null> => {
      try {
        await database.db.execute(query)
        return null
      } catch (err) {
        const e = err as { code?: string; cause?: { code?: string } }
        return e.cause?.code ?? e.code ?? String(err)
      }
    }
    try {
      await other`create table lock_probe (id int primary key, n int not null)`
      await other`insert into lock_probe values (1, 0)`
      // Another session holds the row, as a stuck request would.
      const holding = other.begin(async (tx) => {
        await tx`select n from lock_probe where id = 1 for update`
        await Bun.sleep(1_500)
      })
      await Bun.sleep(100)
      expect(await failureOf(sql`update lock_probe set n = n + 1 where id = 1`)).toBe('55P03')
      await holding
      expect(await failureOf(sql`select pg_sleep(2)`)).toBe('57014')
      // The connections stay usable.
      expect(await database.db.execute(sql`update lock_probe set n = n + 1 where id = 1`)).toBeDefined()
    } finally {
      await other.end()
      await database.close()
    }
  })
})
