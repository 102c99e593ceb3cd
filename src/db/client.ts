import { mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import type { Config } from '../config.ts'
import * as schema from './schema/index.ts'
import { checkoutSeed, isFreshDataDir } from './seed.ts'
import { guardTransactions } from './tx-guard.ts'

export type Schema = typeof schema
/** Drizzle over either driver: repos take this (or a transaction) and never know which. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = PgTransaction<PgQueryResultHKT, Schema>
/** What a repo function runs on: the database or an open transaction. */
export type Executor = Db | Tx

/** The rows of `execute(sql)`: postgres-js answers the rows themselves, PGlite an object holding them. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Applies the migrations of `drizzle/` (or `migrationsFolder`); safe to repeat. */
  migrate(): Promise<void>
  close(): Promise<void>
  /** PGlite only, when this open made the cluster: from the seed tarball or by initdb. */
  created?: 'seed' | 'initdb'
}

export interface OpenOptions {
  /** Extra PGlite options, e.g. the wasm module and fs bundle a compiled binary must embed. */
  pglite?: PGliteOptions
  migrationsFolder?: string
  /** The tarball a fresh PGlite folder starts from (src/db/seed.ts); null: initdb. Default: the checkout's. */
  seed?: string | null
  /** Connection pool size for Postgres. */
  maxConnections?: number
  /** Postgres session limits (ms); defaults POSTGRES_TIMEOUTS. */
  timeouts?: Partial<PostgresTimeouts>
}

export interface PostgresTimeouts {
  /** A statement running longer is cancelled (57014): nothing of this app's should take seconds. */
  statement: number
  /** Waiting longer for a row or table lock fails (55P03) instead of queueing behind a stuck holder. */
  lock: number
  /** A transaction left idle this long (a bug awaiting something outside) is ended with its session. */
  idleInTransaction: number
}

export const POSTGRES_TIMEOUTS: PostgresTimeouts = {
  statement: 15_000,
  lock: 5_000,
  idleInTransaction: 60_000,
}

/** Any fixed number: the advisory lock migrations take on Postgres. */
const MIGRATION_LOCK_KEY = 7_311_016

/**
 * PGlite's defaults with a smaller buffer cache: its WebAssembly memory grows to hold every buffer
 * touched and never shrinks, and this server's working set (the rows of games in play, recent
 * history) is far below Postgres's default 128 MB. Part of the RSS budget (docs/perf.md).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB']

export const DEFAULT_MIGRATIONS_FOLDER = join(import.meta.dir, '../../drizzle')

export async function openDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  options: OpenOptions = {},
): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? DEFAULT_MIGRATIONS_FOLDER

  if (config.databaseUrl) {
    const url = config.databaseUrl
    const timeouts = { ...POSTGRES_TIMEOUTS, ...options.timeouts }
    const sql = postgres(url, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
      connection: {
        statement_timeout: timeouts.statement,
        lock_timeout: timeouts.lock,
        idle_in_transaction_session_timeout: timeouts.idleInTransaction,
      },
    })
    const db = guardTransactions(drizzlePostgres({ client: sql, schema }))
    return {
      db,
      kind: 'postgres',
      // On a connection of its own without the limits: building an index on a big table may take minutes.
      migrate: async () => {
        const once = postgres(url, { max: 1, onnotice: () => {} })
        try {
          // Processes of one deployment (REDIS_URL) start together: one migrates, the others wait
          // for it and then find nothing to do. The lock is this one connection's, freed as it ends.
          await once`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`
          await migratePostgres(drizzlePostgres({ client: once, schema }), { migrationsFolder })
        } finally {
          await once.end({ timeout: 5 })
        }
      },
      close: () => sql.end({ timeout: 5 }),
    }
  }

  const dataDir = resolve(config.dataDir)
  // PGlite creates the folder itself but not its parent.
  mkdirSync(dirname(dataDir), { recursive: true })
  const fresh = isFreshDataDir(dataDir)
  const seed = fresh ? (options.seed === undefined ? checkoutSeed() : options.seed) : null
  const client = new PGlite({
    startParams: PGLITE_START_PARAMS,
    ...options.pglite,
    dataDir,
    ...(seed ? { loadDataDir: Bun.file(seed) } : {}),
  })
  await client.waitReady
  const db = guardTransactions(drizzlePglite({ client, schema }))
  return {
    db,
    kind: 'pglite',
    ...(fresh ? { created: seed ? ('seed' as const) : ('initdb' as const) } : {}),
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  }
}
