import { type AppDeps, createApp } from './app.ts'
import { type Clock, type Schedule, systemClock, systemSchedule } from './clock.ts'
import type { Config } from './config.ts'
import { type Database, type OpenOptions, openDatabase } from './db/client.ts'
import { takeProcessLock } from './db/process-lock.ts'
import { type Dictionaries, loadDictionaries } from './dictionaries/store.ts'
import type { Logger } from './observability/log.ts'
import { resolveServerSecret } from './secrets/server-secret.ts'

export interface RunOptions {
  config: Config
  log: Logger
  clock?: Clock
  /** Timers on `clock`'s time; default real ones (a test passes its own with its clock). */
  schedule?: Schedule
  database?: OpenOptions
  /**
   * Opens the database instead of `openDatabase(config, database)`: tests lend an already migrated
   * embedded one from a pool (test/server/pglite-pool.ts), which `close()` gives back.
   */
  openDatabase?: (config: Config) => Promise<Database>
  /** Already loaded word lists (tests share one set); default: read from config.dictionariesDir. */
  dictionaries?: Dictionaries
  init?: AppDeps['init']
  extend?: AppDeps['extend']
  web: AppDeps['web']
  pages?: AppDeps['pages']
  photoFetch?: AppDeps['photoFetch']
  /**
   * Another process broke this one's database lock (ARCHITECTURE.md: one process per database).
   * Default: logged; main.ts ends the process, since two writers lose each other's writes.
   */
  onLockLost?: (message: string) => void
}

export interface RunningServer {
  app: ReturnType<typeof createApp>
  database: Database
  port: number
  /** Stops listening, runs the features' stop hooks, then closes the database. */
  stop(): Promise<void>
}

/** Opens and migrates the database, builds the app, listens. main.ts and the test harness both start here. */
export async function runServer(options: RunOptions): Promise<RunningServer> {
  const { config, log } = options
  // First, before the database: a server without its word lists must not start at all.
  const dictionaries = options.dictionaries ?? loadDictionaries(config.dictionariesDir)
  // Before the database opens: a second process must not even migrate it. Throws ProcessLockError.
  const lock = await takeProcessLock(config, {
    log: log.child({ component: 'db' }),
    onLost: options.onLockLost ?? ((message) => log.error('database lock lost', { reason: message })),
  })
  let database: Database
  try {
    database = await (options.openDatabase?.(config) ?? openDatabase(config, options.database))
  } catch (err) {
    await lock.release()
    throw err
  }
  if (database.created)
    log.info('embedded database created', { from: database.created, dataDir: config.dataDir })
  const closeAll = async () => {
    await database.close().catch((err) => log.error('closing the database failed', { err }))
    await lock.release()
  }
  const clock = options.clock ?? systemClock
  let secret: Awaited<ReturnType<typeof resolveServerSecret>>
  try {
    await database.migrate()
    secret = await resolveServerSecret(config, database.db, clock())
  } catch (err) {
    await closeAll()
    throw err
  }
  if (secret.source !== 'env')
    log.info('JWT_SECRET unset: the server secret generated once is used', { keptIn: secret.source })
  const app = createApp({
    config,
    db: database.db,
    log,
    clock,
    schedule: options.schedule ?? systemSchedule,
    serverSecret: secret.value,
    dictionaries,
    init: options.init,
    extend: options.extend,
    web: options.web,
    pages: options.pages,
    photoFetch: options.photoFetch,
  })
  try {
    await app.decorator.core.start()
  } catch (err) {
    await app.decorator.core.stop()
    await closeAll()
    throw err
  }
  // Far above any request of the API (the Bot API webhook included); Bun refuses larger ones with 413.
  try {
    app.listen({ port: config.port, maxRequestBodySize: 1024 * 1024 })
  } catch (err) {
    // e.g. the port is taken: nothing may keep the database (and its lock) open behind us.
    await app.decorator.core.stop()
    await closeAll()
    throw err
  }
  const port = app.server?.port
  if (port === undefined) throw new Error('server did not start listening')

  let stopping: Promise<void> | undefined
  return {
    app,
    database,
    port,
    stop() {
      stopping ??= (async () => {
        await app.stop(true)
        // Elysia starts its stop hooks without waiting for them: the core's stop (queued actions
        // finished, games handed over to other processes) must end before the database closes.
        await app.decorator.core.stop()
        await closeAll()
      })()
      return stopping
    },
  }
}
