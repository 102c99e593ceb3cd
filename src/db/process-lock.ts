/**
 * ARCHITECTURE.md "More than one process": one process per database by default. The embedded
 * database is always single-process (a lock file in DATA_DIR); Postgres is locked (an advisory
 * lock) unless REDIS_URL is set, the multi-process mode where Redis coordinates the processes.
 */
import type { Config } from '../config.ts'
import type { Logger } from '../observability/log.ts'
import { lockDataDir } from './data-dir-lock.ts'
import { lockPostgres } from './pg-lock.ts'

export { ProcessLockError } from './lock-holder.ts'

export interface ProcessLock {
  kind: 'dataDir' | 'postgres' | 'none'
  release(): Promise<void>
}

export type LockConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'redisUrl'>

/** The one condition: several processes may share a database only when it is Postgres and Redis is set. */
export const sharedDatabase = (config: LockConfig): boolean =>
  config.databaseUrl !== null && config.redisUrl !== null

/** Takes the lock or throws ProcessLockError naming the process that holds it. */
export async function takeProcessLock(
  config: LockConfig,
  options: { log: Logger; onLost(message: string): void },
): Promise<ProcessLock> {
  if (sharedDatabase(config)) return { kind: 'none', release: async () => {} }
  if (config.databaseUrl) {
    const lock = await lockPostgres(config.databaseUrl, options)
    return { kind: 'postgres', release: lock.release }
  }
  const lock = lockDataDir(config.dataDir, options)
  return { kind: 'dataDir', release: async () => lock.release() }
}
