/** A suite's real server processes (process.ts) on one fresh database of its own. */
import { afterAll, beforeAll } from 'bun:test'
import { type DbKind, prepareDatabase, type Scratch } from './harness.ts'
import { type ServerProcess, startMain } from './process.ts'

/**
 * Prepares a database before the suite; `start(env)` runs src/main.ts on it. After the suite every
 * process started is killed and the database dropped.
 */
export function processesOn(kind: DbKind) {
  let scratch: Scratch
  const running: ServerProcess[] = []
  beforeAll(async () => {
    scratch = await prepareDatabase(kind)
  }, 60_000)
  afterAll(async () => {
    for (const p of running) p.child.kill('SIGKILL')
    await scratch.dispose()
  })
  return {
    scratch: () => scratch,
    async start(env: Record<string, string>) {
      const proc = await startMain({
        ...env,
        ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : { DATA_DIR: scratch.dataDir }),
      })
      running.push(proc)
      return proc
    },
  }
}
