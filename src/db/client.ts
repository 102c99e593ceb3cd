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

export type Schema = typeof schema
/** Drizzle over either driver: repos take this (or a transaction) and never know which. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = PgTransaction<PgQueryResultHKT, Schema>
/** What a repo function runs on: the database or an open transaction. */
export type Executor = Db | Tx

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Applies the migrations of `drizzle/` (or `migrationsFolder`); safe to repeat. */
  migrate(): Promise<void>
  close(): Promise<void>
}

export interface OpenOptions {
  /** Extra PGlite options, e.g. the wasm module and fs bundle a compiled binary must embed. */
  pglite?: PGliteOptions
  migrationsFolder?: string
  /** Connection pool size for Postgres. */
  maxConnections?: number
}

export const DEFAULT_MIGRATIONS_FOLDER = join(import.meta.dir, '../../drizzle')

export async function openDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  options: OpenOptions = {},
): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? DEFAULT_MIGRATIONS_FOLDER

  if (config.databaseUrl) {
    const sql = postgres(config.databaseUrl, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
    })
    const db = drizzlePostgres({ client: sql, schema })
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(db, { migrationsFolder }),
      close: () => sql.end({ timeout: 5 }),
    }
  }

  const dataDir = resolve(config.dataDir)
  // PGlite creates the folder itself but not its parent.
  mkdirSync(dirname(dataDir), { recursive: true })
  const client = new PGlite({ ...options.pglite, dataDir })
  await client.waitReady
  const db = drizzlePglite({ client, schema })
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  }
}
