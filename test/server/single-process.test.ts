/**
 * ARCHITECTURE.md "More than one process": a second process on the same DATA_DIR or DATABASE_URL
 * (without REDIS_URL) refuses to start with a message that names the holder, and the first keeps
 * serving. Real processes of src/main.ts; the lock file's stale cases directly.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { createServer, type Socket, connect as tcpConnect } from 'node:net'
import { hostname } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { LOCK_FILE, lockDataDir, STALE_AFTER_MS } from '../../src/db/data-dir-lock.ts'
import { lockBackend, lockPostgres } from '../../src/db/pg-lock.ts'
import { ProcessLockError } from '../../src/db/process-lock.ts'
import { createLogger } from '../../src/observability/log.ts'
import {
  type DbKind,
  describeBoth,
  postgresAvailable,
  prepareDatabase,
  type Scratch,
  SERVER_TEST_TIMEOUT_MS,
  startServer,
} from './harness.ts'
import { type ServerProcess, spawnMain, startMain } from './process.ts'

const SECRET = 'single-process-test-secret'

describeBoth('one process per database', (kind: DbKind) => {
  let scratch: Scratch
  const running: ServerProcess[] = []
  beforeAll(async () => {
    scratch = await prepareDatabase(kind)
  })
  afterAll(async () => {
    for (const proc of running) proc.child.kill('SIGKILL')
    await Promise.all(running.map((p) => p.child.exited))
    await scratch.dispose()
  })

  const envOf = (extra: Record<string, string> = {}) => ({
    JWT_SECRET: SECRET,
    DATA_DIR: scratch.dataDir,
    ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : {}),
    ...extra,
  })
  const start = async (extra?: Record<string, string>) => {
    const proc = await startMain(envOf(extra))
    running.push(proc)
    return proc
  }
  const signInOn = async (port: number, nickname: string) =>
    (
      await fetch(`http://127.0.0.1:${port}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ nickname }),
      })
    ).status

  test('a second process refuses to start, naming the first; the first keeps serving', async () => {
    const first = await start()
    const second = spawnMain({ PORT: '0', ...envOf() })
    running.push(second)
    const refused = await second.waitFor((r) => r.msg === 'start failed')
    expect(await second.child.exited).toBe(1)
    const reason = String(refused.reason)
    expect(reason).toContain(`pid ${first.child.pid}`)
    expect(reason).toContain(`host ${hostname()}`)
    expect(reason).toContain('in use by another server')
    // It never got as far as the database: no migration, no "started".
    expect(second.records.some((r) => r.msg === 'started')).toBe(false)

    expect((await fetch(`http://127.0.0.1:${first.port}/api/health`)).status).toBe(200)
    expect(await signInOn(first.port, `First ${kind}`)).toBe(200)
    first.child.kill('SIGTERM')
    expect(await first.child.exited).toBe(0)
  })

  test('the lock goes with its process: after a clean stop, and after a kill', async () => {
    const clean = await start()
    expect(await signInOn(clean.port, `Clean ${kind}`)).toBe(200)
    clean.child.kill('SIGTERM')
    expect(await clean.child.exited).toBe(0)

    const killed = await start()
    expect(await signInOn(killed.port, `Killed ${kind}`)).toBe(200)
    killed.child.kill('SIGKILL')
    await killed.child.exited
    // PGlite: a lock file naming a pid that is gone is stale. Postgres: the session ended with it.
    const next = await start()
    expect(await signInOn(next.port, `After kill ${kind}`)).toBe(200)
    next.child.kill('SIGTERM')
    expect(await next.child.exited).toBe(0)
  })

  test('in one process too: a second server on the same database is refused', async () => {
    const server = await startServer({ db: kind, scratch })
    try {
      await expect(startServer({ db: kind, scratch })).rejects.toBeInstanceOf(ProcessLockError)
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
    } finally {
      await server.stop()
    }
  })

  if (kind === 'postgres')
    test('with REDIS_URL (several processes on one Postgres) no lock is taken', async () => {
      // A prefix of its own: other suites (and other runs) may use the same Redis meanwhile.
      const redis = {
        REDIS_URL: 'redis://127.0.0.1:6379',
        REDIS_PREFIX: `test-single-${process.pid}-${Date.now()}`,
      }
      const [a, b] = await Promise.all([start(redis), start(redis)])
      expect(await signInOn(a.port, 'Shared A')).toBe(200)
      expect(await signInOn(b.port, 'Shared B')).toBe(200)
      for (const proc of [a, b]) proc.child.kill('SIGTERM')
      expect(await Promise.all([a.child.exited, b.child.exited])).toEqual([0, 0])
    })
})

describe('the DATA_DIR lock file', () => {
  let scratch: Scratch
  beforeAll(async () => {
    scratch = await prepareDatabase('pglite')
  })
  afterAll(() => scratch.dispose())
  const path = () => join(scratch.dataDir, LOCK_FILE)
  const noLoss = { onLost: () => {} }
  const writeHolder = (holder: { pid: number; host: string }, ageMs = 0) => {
    writeFileSync(path(), JSON.stringify({ ...holder, startedAt: '2026-01-01T00:00:00.000Z', token: 'x' }))
    const at = new Date(Date.now() - ageMs)
    utimesSync(path(), at, at)
  }

  test('names its holder: pid, host and start time', () => {
    const lock = lockDataDir(scratch.dataDir, noLoss)
    try {
      const content = JSON.parse(readFileSync(path(), 'utf8'))
      expect(content).toMatchObject({ pid: process.pid, host: hostname(), startedAt: expect.any(String) })
    } finally {
      lock.release()
    }
  })

  test('a live holder on another host is respected while it keeps the file fresh', () => {
    writeHolder({ pid: 1, host: 'elsewhere.example' })
    expect(() => lockDataDir(scratch.dataDir, noLoss)).toThrow(/pid 1 on host elsewhere\.example/)
  })

  test('a holder on another host that stopped touching the file is stale', () => {
    writeHolder({ pid: 1, host: 'elsewhere.example' }, STALE_AFTER_MS + 1_000)
    lockDataDir(scratch.dataDir, noLoss).release()
  })

  test('a holder on this host whose pid is gone is stale at once', () => {
    writeHolder({ pid: 2 ** 22 + 12_345, host: hostname() })
    lockDataDir(scratch.dataDir, noLoss).release()
  })

  test('a lock taken over under the holder is reported as lost', () => {
    const lost: string[] = []
    const lock = lockDataDir(scratch.dataDir, { onLost: (m) => lost.push(m) })
    writeHolder({ pid: 7, host: 'thief.example' })
    lock.check()
    expect(lost).toEqual([expect.stringContaining('thief.example')])
    lock.release()
    // Its release leaves the other's file alone.
    expect(JSON.parse(readFileSync(path(), 'utf8')).host).toBe('thief.example')
  })
})

describe.if(postgresAvailable)('the Postgres lock', () => {
  setDefaultTimeout(SERVER_TEST_TIMEOUT_MS)
  let scratch: Scratch
  let admin: postgres.Sql
  beforeAll(async () => {
    scratch = await prepareDatabase('postgres')
    admin = postgres(scratch.databaseUrl as string, { max: 1, onnotice: () => {} })
  })
  afterAll(async () => {
    await admin.end()
    await scratch.dispose()
  })
  const log = createLogger({ level: 'silent' })
  // The timeout makes it wait until each backend is gone (its advisory locks with it): without it
  // the signal is only sent, and on a loaded machine the next lock attempt can still find the lock
  // held by the dying session. Only this test's database: other workers' servers hold the same
  // lock in theirs.
  const endLockSessions = () =>
    admin`select pg_terminate_backend(pid, 10000) from pg_stat_activity
           where application_name like ${'wt %'} and datname = current_database()`

  /**
   * The network between the lock's client and Postgres: `cut()` drops the client side of every
   * connection so far while Postgres keeps its end open, as a network drop does until TCP gives up;
   * `endCut()` closes those ends too.
   */
  async function networkTo(databaseUrl: string) {
    const upstream = new URL(databaseUrl)
    const pairs: { client: Socket; server: Socket; cut: boolean }[] = []
    const proxy = createServer((client) => {
      const server = tcpConnect(Number(upstream.port || 5432), upstream.hostname)
      const pair = { client, server, cut: false }
      pairs.push(pair)
      client.on('data', (d) => server.write(d))
      server.on('data', (d) => pair.cut || client.write(d))
      client.on('error', () => {})
      server.on('error', () => {})
      client.on('close', () => pair.cut || server.destroy())
      server.on('close', () => client.destroy())
    })
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r))
    const url = new URL(databaseUrl)
    url.hostname = '127.0.0.1'
    url.port = String((proxy.address() as { port: number }).port)
    return {
      url: url.toString(),
      cut: () => {
        for (const pair of pairs.filter((p) => !p.cut)) {
          pair.cut = true
          pair.client.destroy()
        }
      },
      endCut: () => {
        for (const pair of pairs.filter((p) => p.cut)) pair.server.destroy()
      },
      close: () => {
        for (const pair of pairs) pair.server.destroy()
        proxy.close()
      },
    }
  }
  const lockHolder = async () => (await lockBackend(admin)) ?? undefined

  test('a connection cut while its backend lives on is not lost: the lock is taken again once that backend ends', async () => {
    const net = await networkTo(scratch.databaseUrl as string)
    const lost: string[] = []
    const first = await lockPostgres(net.url, { log, onLost: (m) => lost.push(m) })
    try {
      const before = await lockHolder()
      net.cut()
      // The client reconnects; the old backend, still alive, holds the lock for this process.
      await first.check()
      expect(lost).toEqual([])
      expect(await lockHolder()).toBe(before)
      await expect(
        lockPostgres(scratch.databaseUrl as string, { log, onLost: () => {} }),
      ).rejects.toBeInstanceOf(ProcessLockError)
      // The old backend ends: the next heartbeat takes the lock on the new session.
      net.endCut()
      for (let i = 0; i < 100 && (await lockHolder()) === before; i++) await Bun.sleep(50)
      await first.check()
      expect(lost).toEqual([])
      const after = await lockHolder()
      expect(after).toBeDefined()
      expect(after).not.toBe(before)
      await expect(
        lockPostgres(scratch.databaseUrl as string, { log, onLost: () => {} }),
      ).rejects.toBeInstanceOf(ProcessLockError)
    } finally {
      await first.release()
      net.close()
    }
  })

  test('is taken again when its connection is lost, and reported lost when another took it meanwhile', async () => {
    const lost: string[] = []
    const first = await lockPostgres(scratch.databaseUrl as string, { log, onLost: (m) => lost.push(m) })
    try {
      await endLockSessions()
      // Nobody else wanted it: taken again on a new session, and still refusing others.
      await first.check()
      expect(lost).toEqual([])
      await expect(
        lockPostgres(scratch.databaseUrl as string, { log, onLost: () => {} }),
      ).rejects.toBeInstanceOf(ProcessLockError)

      await endLockSessions()
      const second = await lockPostgres(scratch.databaseUrl as string, { log, onLost: () => {} })
      await first.check()
      expect(lost).toEqual([expect.stringContaining(`pid ${process.pid}`)])
      await second.release()
    } finally {
      await first.release()
    }
  })
})
