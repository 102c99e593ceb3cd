import { webSide } from '../web/islands/index.ts'
import { ConfigError, parseConfig } from './config.ts'
import { ProcessLockError } from './db/process-lock.ts'
import { createLogger } from './observability/log.ts'
import { governMemory } from './observability/memory.ts'
import { type RunOptions, runServer } from './server.ts'

// Entry point: config → dictionaries → database (migrated) → app → recovery of the games in play
// (their timers re-armed) → listen. All of it in runServer, which the tests start too.

export interface MainOptions {
  /** The environment to configure from (default process.env). */
  env?: Record<string, string | undefined>
  /** Where the compiled binary keeps its embedded files (src/binary/entry.ts). */
  run?: Pick<RunOptions, 'database' | 'pages'>
}

export async function main(options: MainOptions = {}): Promise<void> {
  const boot = createLogger({ level: 'info' })

  let config: ReturnType<typeof parseConfig>
  try {
    config = parseConfig(options.env ?? process.env)
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    boot.error('invalid configuration, not starting', { problems: err.problems })
    process.exit(1)
  }

  const log = createLogger({ level: config.logLevel })
  for (const warning of config.warnings) log.warn(warning)

  // Last resort: every timer and detached promise has its own catch; if one is missed anyway,
  // log it rather than let Bun end the process for all players.
  process.on('unhandledRejection', (reason) => log.error('unhandled rejection', { err: reason }))
  process.on('uncaughtException', (err) => log.error('uncaught exception', { err }))

  let server: Awaited<ReturnType<typeof runServer>>
  try {
    server = await runServer({
      ...options.run,
      // web/ enters the server here only, as createApp's dependency (docs/architecture.md).
      web: webSide,
      config,
      log,
      // Two writers on one database lose each other's writes: better to stop serving at once.
      onLockLost: (reason) => {
        log.error('database lock lost, stopping', { reason })
        process.exit(1)
      },
    })
  } catch (err) {
    // Another process holds the database: its message names it, no stack needed.
    if (err instanceof ProcessLockError) log.error('start failed', { reason: err.message })
    // e.g. dictionaries missing, the database unreachable, a migration failing.
    else log.error('start failed', { err })
    process.exit(1)
  }
  governMemory({ log: log.child({ component: 'memory' }) })
  // Before the line that says so: whoever starts us may stop us as soon as they read it.
  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    log.info('stopping', { signal })
    server
      .stop()
      .then(() => {
        log.info('stopped')
        process.exit(0)
      })
      .catch((err) => {
        log.error('unclean stop', { err })
        process.exit(1)
      })
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
  log.info('started', {
    port: server.port,
    db: server.database.kind,
    dev: config.dev,
    publicUrl: config.publicUrl,
    telegram: config.telegramBotToken !== null,
  })
}

if (import.meta.main) await main()
