/**
 * Embedded databases lent to test servers and taken back, per test process. Copying the migrated
 * template, booting PGlite's wasm Postgres, migrating, closing and deleting the folder cost about
 * 0.6 s of CPU per server; emptying the tables of one already open costs 20 ms. A database lent
 * again is emptied first: every table's rows gone, identities restarted, the session reset, the
 * generated secret file deleted — what a fresh copy of the template holds. A database a test keeps
 * across a restart (`scratch`) is never pooled.
 */
import { rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { type Database, openDatabase, rowsOf } from '../../src/db/client.ts'
import { SECRET_FILE } from '../../src/secrets/server-secret.ts'

interface Pooled {
  database: Database
  dataDir: string
  /** Deletes the folder (the process is ending). */
  dispose(): void
  /** SQL that empties every table and restarts every identity. */
  emptying: string
}

/** A fresh copy of the migrated template in a folder of its own (`<root>/db`). */
type Prepare = () => Promise<{ dataDir: string }>

const idle: Pooled[] = []
const all: Pooled[] = []
process.on('exit', () => {
  for (const pooled of all) pooled.dispose()
})

const clientOf = (database: Database) => (database.db as unknown as { $client: PGlite }).$client

async function create(prepare: Prepare): Promise<Pooled> {
  const scratch = await prepare()
  const database = await openDatabase({ dataDir: scratch.dataDir, databaseUrl: null }, { maxConnections: 4 })
  await database.migrate()
  const names = async (query: string) =>
    rowsOf<{ name: string }>(await clientOf(database).query(query)).map((row) => row.name)
  const tables = await names(
    `select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  )
  const sequences = await names(
    `select quote_ident(sequencename) as name from pg_sequences where schemaname = 'public'`,
  )
  // Replica mode skips the foreign keys' triggers, so the tables empty in any order.
  const emptying = [
    'set session_replication_role = replica;',
    ...tables.map((table) => `delete from ${table};`),
    'set session_replication_role = default;',
    ...sequences.map((sequence) => `alter sequence ${sequence} restart;`),
  ].join('\n')
  const pooled: Pooled = {
    database,
    dataDir: scratch.dataDir,
    dispose: () => rmSync(dirname(scratch.dataDir), { recursive: true, force: true }),
    emptying,
  }
  all.push(pooled)
  return pooled
}

/** Empties a database given back; false when it cannot be (a transaction left open holds it). */
async function emptied(pooled: Pooled): Promise<boolean> {
  const client = clientOf(pooled.database)
  if (client.isInTransaction()) return false
  const work = (async () => {
    await client.exec(pooled.emptying)
    // Session state a server may leave: settings, prepared statements, advisory locks.
    await client.exec('discard all')
    return true
  })()
  const held = new Promise<false>((done) => setTimeout(() => done(false), 5_000).unref())
  if (!(await Promise.race([work, held]))) return false
  rmSync(join(pooled.dataDir, SECRET_FILE), { force: true })
  return true
}

/**
 * An empty, migrated PGlite for one server; its `close()` gives it back.
 * `prepare` makes a fresh folder from the template when the pool has none idle.
 */
export async function lendDatabase(prepare: Prepare): Promise<{ database: Database; dataDir: string }> {
  let pooled: Pooled | undefined
  while (!pooled) {
    const reused = idle.pop()
    if (!reused) pooled = await create(prepare)
    // Emptied when lent rather than when given back: a write that came after its server stopped
    // (a bug of that server) is gone too, never seen by the next test.
    else if (await emptied(reused)) pooled = reused
    else {
      // A transaction its server left open holds PGlite's lock: the next server would wait forever.
      process.stderr.write(`pglite-pool: a database left in a transaction is dropped (${reused.dataDir})\n`)
      void clientOf(reused.database)
        .close()
        .catch(() => {})
    }
  }
  let given = false
  const lent: Database = {
    db: pooled.database.db,
    kind: 'pglite',
    migrate: async () => {},
    close: async () => {
      if (given) return
      given = true
      idle.push(pooled)
    },
  }
  return { database: lent, dataDir: pooled.dataDir }
}
