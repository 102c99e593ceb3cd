import { sql } from 'drizzle-orm'
import { Elysia } from 'elysia'
import type { Core } from '../core.ts'
import { failure, ok } from '../http/envelope.ts'

/** The database must answer `select 1` within this to count as healthy. */
export const HEALTH_DB_TIMEOUT_MS = 2_000

/**
 * `GET /api/health`: 200 when the database answers a query in time, else 503 in the failure
 * envelope, so a container's health check (src/binary/healthcheck.ts) or a load balancer sees a
 * frozen or unreachable database, not just a process that still listens. One probe at a time:
 * while one is still waiting (a database that hangs), later checks answer 503 at once instead of
 * queueing more queries behind it.
 */
export function healthFeature(core: Core) {
  const log = core.log.child({ component: 'health' })
  let pending: Promise<'ok' | 'error'> | null = null

  const probe = (): Promise<'ok' | 'error'> => {
    pending ??= core.db
      .execute(sql`select 1`)
      .then(() => 'ok' as const)
      .catch((err) => {
        log.warn('health query failed', { err })
        return 'error' as const
      })
      .finally(() => {
        pending = null
      })
    return pending
  }

  const routes = new Elysia().get('/api/health', async ({ set }) => {
    const waiting = pending !== null
    const result = waiting
      ? 'busy'
      : await Promise.race([probe(), Bun.sleep(HEALTH_DB_TIMEOUT_MS).then(() => 'timeout' as const)])
    if (result === 'ok') return ok({ db: 'ok' as const })
    log.warn('unhealthy: the database did not answer', { result })
    set.status = 503
    return failure(
      'DB_UNAVAILABLE',
      result === 'error'
        ? 'The database refused a query'
        : `The database did not answer within ${HEALTH_DB_TIMEOUT_MS / 1000} s`,
    )
  })
  return { routes }
}
