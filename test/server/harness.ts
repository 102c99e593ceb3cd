/**
 * Runs the real server (runServer: migrate, createApp, listen on port 0) against a fresh
 * database: a PGlite folder copied from a migrated template, or a new Postgres database on
 * TEST_DATABASE_URL that is dropped afterwards.
 */
import { afterAll, beforeAll, describe, setDefaultTimeout } from 'bun:test'
import { createHash, randomBytes } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { treaty } from '@elysiajs/eden'
import postgres from 'postgres'
import type { App } from '../../src/app.ts'
import type { Clock, Schedule } from '../../src/clock.ts'
import { parseConfig } from '../../src/config.ts'
import type { Core } from '../../src/core.ts'
import { type Database, DEFAULT_MIGRATIONS_FOLDER, openDatabase } from '../../src/db/client.ts'
import { lockDataDir } from '../../src/db/data-dir-lock.ts'
import { ProcessLockError } from '../../src/db/lock-holder.ts'
import { type Dictionaries, loadDictionaries } from '../../src/dictionaries/store.ts'
import type { GamesService } from '../../src/games/service.ts'
import { createLogger, type LogRecord } from '../../src/observability/log.ts'
import { type AssetBundle, buildAssets } from '../../src/pages/assets.ts'
import { type RunOptions, runServer } from '../../src/server.ts'
import { nicknameKey } from '../../src/users/nickname.ts'
import type { UsersService } from '../../src/users/service.ts'
import type { User } from '../../src/users/types.ts'
import { webSide } from '../../web/islands/index.ts'
import { lendDatabase } from './pglite-pool.ts'

export type DbKind = 'pglite' | 'postgres'

export const TEST_BOT_TOKEN = '123456789:TEST-bot-token_for_the_suite_only_x'
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/**
 * Real time plus an offset the test can move; it can also be held still. The server's timers
 * (src/clock.ts Schedule) are set on it: each fires after its real delay, as a plain timer would,
 * or earlier when the test lets that much time pass on the clock (elapse).
 */
export interface TestClock {
  now: Clock
  schedule: Schedule
  /**
   * Moves the time without running anything: a look at another moment (an expired token, a
   * deadline passed), or a step the test then drives by hand.
   */
  advance(ms: number): void
  /**
   * Time passes: the clock moves on by `ms` and every timer that comes due runs now, in order
   * (the server does what it would after waiting that long). Instead of sleeping.
   */
  elapse(ms: number): void
  /** Holds the time where it is (e.g. while a server restarts) until resume(). */
  pause(): void
  /** Real time runs on from where it was held. */
  resume(): void
}

interface Pending {
  at: number
  fn: () => void
  real: ReturnType<typeof setTimeout>
}

/** Real time from `startAt` on (default: now). */
export function testClock(startAt?: number): TestClock {
  let offset = startAt === undefined ? 0 : startAt - Date.now()
  let heldAt: number | null = null
  const now = () => heldAt ?? Date.now() + offset
  const pending = new Set<Pending>()
  const cancel = (p: Pending) => {
    pending.delete(p)
    clearTimeout(p.real)
  }
  const advance = (ms: number) => {
    if (heldAt === null) offset += ms
    else heldAt += ms
  }
  return {
    now,
    schedule(ms, fn) {
      const p: Pending = {
        at: now() + ms,
        fn,
        real: setTimeout(() => {
          pending.delete(p)
          fn()
        }, ms),
      }
      p.real.unref?.()
      pending.add(p)
      return () => cancel(p)
    },
    advance,
    elapse(ms) {
      advance(ms)
      // Timers a firing one sets for now or earlier run too, as they would in a real wait.
      for (let runs = 0; runs < 10_000; runs++) {
        const t = now()
        const due = [...pending].filter((p) => p.at <= t).sort((a, b) => a.at - b.at)[0]
        if (!due) break
        cancel(due)
        due.fn()
      }
    },
    pause: () => {
      heldAt ??= Date.now() + offset
    },
    resume: () => {
      if (heldAt === null) return
      offset = heldAt - Date.now()
      heldAt = null
    },
  }
}

/**
 * 12:00 UTC of the current day. Tests that work within "today" (dailies) start their clock there,
 * so a run near midnight does not see the day change under it.
 */
export function middayUtc(): number {
  const d = new Date()
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 12)
}

export interface TestServer {
  kind: DbKind
  url: string
  wsUrl: string
  api: ReturnType<typeof treaty<App>>
  clock: TestClock
  /** Every record the server logged, newest last. */
  logs: LogRecord[]
  core: Core
  games: GamesService
  /** The database it runs on; kept after stop() when it was passed in (restarts). */
  scratch: Scratch
  stop(): Promise<void>
}

export interface StartOptions {
  db: DbKind
  /** Environment on top of the suite's defaults (JWT secret, test bot token). */
  env?: Record<string, string>
  clock?: TestClock
  extend?: RunOptions['extend']
  init?: RunOptions['init']
  /** Run on this database (e.g. one a stopped server used) and leave it in place on stop. */
  scratch?: Scratch
  /** Telegram's photo CDN as the server reaches it (a fake one on localhost). */
  photoFetch?: RunOptions['photoFetch']
}

/**
 * The client's production bundle, built once per test process for every server it starts (each
 * server would build its own on its first page, ~0.35 s of CPU). Production also where a suite sets
 * DEV=1 for the developers' sign-in: the browser suites run the bundle players get.
 */
let bundle: Promise<AssetBundle> | undefined
function clientBundle(): Promise<AssetBundle> {
  if (!bundle) {
    bundle = buildAssets(webSide.sources)
    // Observed here too: a failed build is each server's 500 (pagesPlugin), not an unhandled rejection.
    bundle.catch(() => {})
  }
  return bundle
}

/** The real word lists (DICTIONARIES_DIR, else ./dictionaries), read once per test process. */
let dictionaries: Dictionaries | undefined
export function testDictionaries(): Dictionaries {
  dictionaries ??= loadDictionaries(
    resolve(import.meta.dir, '../..', process.env.DICTIONARIES_DIR ?? 'dictionaries'),
  )
  return dictionaries
}

export async function startServer(options: StartOptions): Promise<TestServer> {
  const clock = options.clock ?? testClock()
  const logs: LogRecord[] = []
  const echo = process.env.TEST_LOG === '1'
  const log = createLogger({
    level: 'debug',
    now: clock.now,
    sink: (record) => {
      logs.push(record)
      if (echo) process.stderr.write(`${JSON.stringify(record)}\n`)
    },
  })

  const owned = !options.scratch
  // A server that is not restarted on its database runs on one lent from the pool (pglite-pool.ts).
  const lent = owned && options.db === 'pglite' ? await lendDatabase(() => prepareDatabase('pglite')) : null
  const scratch: Scratch = lent
    ? { dataDir: lent.dataDir, databaseUrl: null, dispose: async () => {} }
    : (options.scratch ?? (await prepareDatabase(options.db)))
  const dispose = () => (owned ? scratch.dispose() : Promise.resolve())
  try {
    const config = parseConfig({
      JWT_SECRET: 'test-secret-test-secret-test-secret',
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      LOG_LEVEL: 'debug',
      ...options.env,
      PORT: '0',
      DATA_DIR: scratch.dataDir,
      DATABASE_URL: scratch.databaseUrl ?? '',
    })
    let core: Core | undefined
    const server = await runServer({
      config,
      log,
      web: webSide,
      pages: { assets: clientBundle() },
      clock: clock.now,
      schedule: clock.schedule,
      database: { maxConnections: 4 },
      openDatabase: lent ? async () => lent.database : undefined,
      dictionaries: testDictionaries(),
      init: options.init,
      photoFetch: options.photoFetch,
      extend: (c) => {
        core = c
        options.extend?.(c)
      },
    })
    const url = `http://127.0.0.1:${server.port}`
    return {
      kind: options.db,
      url,
      wsUrl: `ws://127.0.0.1:${server.port}/ws`,
      api: treaty<App>(url),
      clock,
      logs,
      core: core as Core,
      games: server.app.decorator.games,
      scratch,
      async stop() {
        await server.stop()
        await dispose()
      },
    }
  } catch (err) {
    await dispose()
    throw err
  }
}

export interface RestartableServer {
  clock: TestClock
  /** Starts a server on the suite's database (stopping a running one first). */
  start(env?: Record<string, string>): Promise<TestServer>
  /** Stops the running server; the database stays. */
  stop(): Promise<void>
  /**
   * Stops the server, lets `downtimeMs` pass on the clock, and starts it again. The clock is held
   * while the servers stop and start, so the downtime is exactly that however slow the machine.
   */
  restart(downtimeMs: number, env?: Record<string, string>): Promise<TestServer>
}

/**
 * A server a suite stops and starts again on one database, with a clock it can move (downtime).
 * Call inside a describe: it registers the suite's beforeAll/afterAll.
 */
export function restartableServer(db: DbKind, clock: TestClock = testClock()): RestartableServer {
  let scratch: Scratch
  let server: TestServer | undefined
  const stop = async () => {
    await server?.stop()
    server = undefined
  }
  beforeAll(async () => {
    scratch = await prepareDatabase(db)
  }, SERVER_TEST_TIMEOUT_MS)
  afterAll(async () => {
    await stop()
    await scratch.dispose()
  }, SERVER_TEST_TIMEOUT_MS)
  const start = async (env?: Record<string, string>) => {
    await stop()
    server = await startServer({ db, scratch, clock, env })
    return server
  }
  return {
    clock,
    start,
    stop,
    async restart(downtimeMs, env) {
      clock.pause()
      try {
        await stop()
        clock.advance(downtimeMs)
        return await start(env)
      } finally {
        clock.resume()
      }
    },
  }
}

/** A fresh, migrated database without a server, for storage tests. */
export async function openTestDatabase(
  kind: DbKind,
): Promise<{ database: Database; dispose(): Promise<void> }> {
  const scratch = await prepareDatabase(kind)
  const database = await openDatabase(
    { dataDir: scratch.dataDir, databaseUrl: scratch.databaseUrl },
    { maxConnections: 4 },
  )
  await database.migrate()
  return {
    database,
    async dispose() {
      await database.close()
      await scratch.dispose()
    },
  }
}

export interface Scratch {
  dataDir: string
  databaseUrl: string | null
  dispose(): Promise<void>
}

/** An empty database (PGlite folder or Postgres database) and how to remove it. */
export async function prepareDatabase(kind: DbKind): Promise<Scratch> {
  if (kind === 'pglite') {
    const root = mkdtempSync(join(tmpdir(), 'wt-server-'))
    const dataDir = join(root, 'db')
    // Initialising a PGlite folder takes seconds; a copy of a migrated one takes a fraction of that.
    cpSync(await pgliteTemplate(), dataDir, { recursive: true })
    return {
      dataDir,
      databaseUrl: null,
      dispose: async () => rmSync(root, { recursive: true, force: true }),
    }
  }
  const name = `wt_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const admin = adminConnection()
  try {
    await admin.unsafe(`create database "${name}"`)
  } finally {
    await admin.end()
  }
  const url = new URL(TEST_DATABASE_URL)
  url.pathname = `/${name}`
  return {
    dataDir: join(tmpdir(), 'wt-unused'),
    databaseUrl: url.toString(),
    dispose: async () => {
      const drop = adminConnection()
      try {
        await drop.unsafe(`drop database if exists "${name}" with (force)`)
      } finally {
        await drop.end()
      }
    },
  }
}

function adminConnection() {
  const url = new URL(TEST_DATABASE_URL)
  url.pathname = '/postgres'
  return postgres(url.toString(), { max: 1, connect_timeout: 3, onnotice: () => {} })
}

let template: Promise<string> | undefined

/**
 * A migrated PGlite folder, cached under .cache/ by the migrations' content. The parallel run's
 * workers all import this at once: one builds it under a lock file, the others wait for it.
 */
function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const hash = createHash('sha256')
    for (const name of readdirSync(DEFAULT_MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
      const path = join(DEFAULT_MIGRATIONS_FOLDER, name)
      if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(path))
    }
    const cacheRoot = resolve(import.meta.dir, '../../.cache/test-pglite')
    const dir = join(cacheRoot, hash.digest('hex').slice(0, 16))
    if (existsSync(dir)) return dir
    mkdirSync(cacheRoot, { recursive: true })
    const release = await lockFolder(`${dir}.lock`)
    try {
      if (existsSync(dir)) return dir
      const building = mkdtempSync(join(cacheRoot, 'building-'))
      try {
        const db = await openDatabase({ dataDir: join(building, 'db'), databaseUrl: null })
        await db.migrate()
        await db.close()
        renameSync(join(building, 'db'), dir)
      } finally {
        rmSync(building, { recursive: true, force: true })
      }
      return dir
    } finally {
      release()
    }
  })()
  return template
}

/**
 * Waits for the folder's lock (src/db/data-dir-lock.ts, as a server takes DATA_DIR: exclusive file,
 * taken over when its process is gone) and answers its release.
 */
async function lockFolder(dir: string): Promise<() => void> {
  for (;;) {
    try {
      const lock = lockDataDir(dir, { onLost: () => {} })
      return () => lock.release()
    } catch (err) {
      if (!(err instanceof ProcessLockError)) throw err
      await Bun.sleep(100)
    }
  }
}

async function probePostgres(): Promise<boolean> {
  const sql = adminConnection()
  try {
    await sql`select 1`
    return true
  } catch {
    return false
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {})
  }
}

export const postgresAvailable = await probePostgres()
// Built at import, outside any hook's time limit: the first build after a migration change takes seconds.
await pgliteTemplate()

/**
 * Time limit of every test and hook in a file that declares a server suite. Starting a real server
 * (a PGlite instance, migrations, the start hooks) or a process takes seconds, more on a loaded
 * machine (a test that starts three processes beside the parallel run's other files takes a
 * minute), and Bun's default is 5 s: bunfig.toml has no timeout setting, and setDefaultTimeout
 * holds for the file that calls it, so each suite file sets it as it declares its suites.
 */
export const SERVER_TEST_TIMEOUT_MS = 120_000

/*
 * Which database a server suite runs on is decided here, and only here (docs/testing.md):
 * - describeServer: PGlite only. Features and protocol behave the same on either driver, so running
 *   them twice bought time, not proof.
 * - describeBoth: PGlite, and Postgres too when it answers (TEST_DATABASE_URL). For the suites where
 *   the driver is the point: the storage contract (storage, games.storage, games.group-commit,
 *   transactions, concurrency, migration.edge, secrets, db-health), crash and restart (games.crash,
 *   games.load-crash, pvp.restart, games.restart, dailies.restart) and more than one process
 *   (single-process).
 */

/** Declares a server suite on PGlite. */
export function describeServer(name: string, fn: (kind: DbKind) => void): void {
  setDefaultTimeout(SERVER_TEST_TIMEOUT_MS)
  describe(`${name} [pglite]`, () => fn('pglite'))
}

/** Declares a suite for PGlite always, and again for Postgres when it answers. */
export function describeBoth(name: string, fn: (kind: DbKind) => void): void {
  describeServer(name, fn)
  describe.if(postgresAvailable)(`${name} [postgres]`, () => fn('postgres'))
}

export const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } })

/** The device key of each nickname, per database: the suite signs in like one browser that keeps them. */
const deviceKeysOf = new WeakMap<Scratch, Map<string, string>>()

/**
 * Signs a web user in (a new nickname makes the account; a nickname this suite signed in before
 * opens with its device key) and returns its auth, failing loudly otherwise.
 */
export async function signIn(server: TestServer, nickname: string): Promise<{ token: string; uid: string }> {
  const keys = deviceKeysOf.get(server.scratch) ?? new Map<string, string>()
  deviceKeysOf.set(server.scratch, keys)
  const held = keys.get(nicknameKey(nickname))
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${server.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nickname, ...(held ? { deviceKey: held } : {}) }),
    })
    // The per-address sign-in limit is on in the suites: wait it out like a patient client.
    const retryAfter = Number(res.headers.get('retry-after') ?? 0)
    if (res.status === 429 && retryAfter > 0 && attempt < 30) {
      await res.body?.cancel()
      await Bun.sleep(retryAfter * 1000)
      continue
    }
    const body = (await res.json()) as { data?: { auth: { token: string; uid: string; deviceKey: string } } }
    if (!body.data) throw new Error(`sign-in of ${nickname} failed: ${res.status} ${JSON.stringify(body)}`)
    const { deviceKey, ...auth } = body.data.auth
    keys.set(nicknameKey(nickname), deviceKey)
    return auth
  }
}

/** A web account made straight through the users service (storage suites without a server). */
export async function createWebUser(users: UsersService, nickname: string): Promise<User> {
  const user = await users.createWeb(nickname, nicknameKey(nickname))
  if (!user) throw new Error(`the nickname ${nickname} is taken`)
  return user
}
