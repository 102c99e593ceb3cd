import { type AppDeps, createApp } from './app.ts'
import { type Clock, systemClock } from './clock.ts'
import type { Config } from './config.ts'
import { type Database, type OpenOptions, openDatabase } from './db/client.ts'
import { type Dictionaries, loadDictionaries } from './dictionaries/store.ts'
import type { Logger } from './observability/log.ts'
import { resolveServerSecret } from './secrets/server-secret.ts'

export interface RunOptions {
  config: Config
  log: Logger
  clock?: Clock
  database?: OpenOptions
  /** Already loaded word lists (tests share one set); default: read from config.dictionariesDir. */
  dictionaries?: Dictionaries
  init?: AppDeps['init']
  extend?: AppDeps['extend']
  pages?: AppDeps['pages']
  photoFetch?: AppDeps['photoFetch']
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
  const database = await openDatabase(config, options.database)
  const clock = options.clock ?? systemClock
  let secret: Awaited<ReturnType<typeof resolveServerSecret>>
  try {
    await database.migrate()
    secret = await resolveServerSecret(config, database.db, clock())
  } catch (err) {
    await database.close().catch(() => {})
    throw err
  }
  if (secret.source !== 'env')
    log.info('JWT_SECRET unset: the server secret generated once is used', { keptIn: secret.source })
  const app = createApp({
    config,
    db: database.db,
    log,
    clock,
    serverSecret: secret.value,
    dictionaries,
    init: options.init,
    extend: options.extend,
    pages: options.pages,
    photoFetch: options.photoFetch,
  })
  try {
    await app.decorator.core.start()
  } catch (err) {
    await app.decorator.core.stop()
    await database.close().catch(() => {})
    throw err
  }
  // Far above any request of the API (the Bot API webhook included); Bun refuses larger ones with 413.
  app.listen({ port: config.port, maxRequestBodySize: 1024 * 1024 })
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
        await database.close()
      })()
      return stopping
    },
  }
}
