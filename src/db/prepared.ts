/**
 * A raw statement run as a prepared one. Drizzle prepares only named queries: an unnamed one with
 * parameters makes postgres-js describe it first and bind it once the description is back, every
 * time — two round trips and two socket writes per statement. Under load those writes were the
 * server's largest cost (docs/perf.md). For the hot statements whose text never changes (each
 * connection prepares it once); PGlite runs it as any other. Goes through the session, so the
 * transaction guard (tx-guard.ts) still applies.
 */
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Executor } from './client.ts'

const dialect = new PgDialect()

interface NamedQuery {
  execute(): Promise<unknown>
}

export function executePrepared(ex: Executor, name: string, query: SQL): Promise<unknown> {
  const session = ex._.session as unknown as {
    prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): NamedQuery
  }
  return session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute()
}
