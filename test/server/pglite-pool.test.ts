/**
 * The pool of embedded databases test servers run on (pglite-pool.ts): a database lent again is
 * the same open PGlite, and holds nothing of the server before it.
 */
import { expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { rowsOf } from '../../src/db/client.ts'
import { signIn, startServer, type TestServer } from './harness.ts'

async function count(server: TestServer, table: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await server.core.db.execute(sql.raw(`select count(*)::int as n from ${table}`)),
  )
  return rows[0].n
}

async function ledgerIds(server: TestServer): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await server.core.db.execute(sql`select id from coin_ledger order by id`),
  )
  return rows.map((row) => row.id)
}

test('a server after another on the same pooled database finds it empty, identities restarted', async () => {
  const first = await startServer({ db: 'pglite' })
  let dataDir: string
  let firstIds: number[]
  try {
    dataDir = first.scratch.dataDir
    // A new player: a user, a session, a device key and the welcome coins in the ledger.
    await signIn(first, 'Pool first')
    await signIn(first, 'Pool second')
    expect(await count(first, 'users')).toBe(2)
    firstIds = await ledgerIds(first)
    expect(firstIds.length).toBeGreaterThan(1)
  } finally {
    await first.stop()
  }
  const second = await startServer({ db: 'pglite' })
  try {
    // The same folder: the pool lent the database back rather than copying a new one.
    expect(second.scratch.dataDir).toBe(dataDir)
    for (const table of ['users', 'sessions', 'device_keys', 'coin_ledger'])
      expect(await count(second, table)).toBe(0)
    // The nickname is free again (no device key needed), and the ledger's ids start over.
    await signIn(second, 'Pool second')
    expect(await ledgerIds(second)).toEqual(firstIds.slice(0, (await ledgerIds(second)).length))
    expect((await ledgerIds(second))[0]).toBe(1)
  } finally {
    await second.stop()
  }
})
