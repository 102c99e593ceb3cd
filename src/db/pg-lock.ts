/**
 * One process per Postgres database (without REDIS_URL): a session-level advisory lock held on a
 * connection of its own for the process's life. Its application_name carries the holder's pid,
 * host and start, so that a second process can name it when refused. Every HEARTBEAT_MS the lock
 * is checked; after a lost connection (the lock went with its session) it is taken again, and if
 * another process took it meanwhile the holder is told (`onLost`). While the lost session's backend
 * is still ending it holds the lock for this process: not lost, taken again at a later heartbeat.
 */
import { hostname } from 'node:os'
import postgres from 'postgres'
import type { Logger } from '../observability/log.ts'
import { type Holder, ProcessLockError } from './lock-holder.ts'

/** The advisory lock's two int4 keys ("WT", 1): scoped to the database by Postgres itself. */
const KEY = { class: 0x5754, object: 1 } as const
const HEARTBEAT_MS = 10_000
/** Postgres keeps 63 bytes of an application_name. */
const APP_NAME_MAX = 63

export interface PgLock {
  holder: Holder
  /** One heartbeat now (it runs every HEARTBEAT_MS): takes the lock again after a lost connection. */
  check(): Promise<void>
  release(): Promise<void>
}

export interface PgLockOptions {
  log: Logger
  onLost(message: string): void
}

const thisLock = `l.locktype = 'advisory' and l.classid = ${KEY.class} and l.objid = ${KEY.object} and l.objsubid = 2`
/** The lock as granted to a session in the connection's own database. */
const grantedHere = `${thisLock} and l.granted and l.database = (select oid from pg_database where datname = current_database())`

export async function lockPostgres(url: string, options: PgLockOptions): Promise<PgLock> {
  const holder: Holder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() }
  // A session of its own: the lock lives exactly as long as it does.
  const connect = () =>
    postgres(url, {
      max: 1,
      idle_timeout: 0,
      connect_timeout: 10,
      onnotice: () => {},
      connection: { application_name: appName(holder) },
    })
  let sql = connect()
  // The backend our lock lives on: after a lost connection it may still be ending (a network drop
  // leaves it alive until TCP gives up), holding the lock for us, not for another process.
  let ownBackend: number | null = null
  const take = async () => {
    const [row] = await sql.unsafe(
      `select pg_try_advisory_lock(${KEY.class}, ${KEY.object}) as ok, pg_backend_pid() as backend`,
    )
    if (row?.ok !== true) return false
    ownBackend = row.backend as number
    return true
  }
  try {
    if (!(await take())) throw new ProcessLockError(await refusal(sql))
  } catch (err) {
    await sql.end({ timeout: 2 }).catch(() => {})
    throw err
  }

  let lost = false
  const beat = setInterval(() => {
    void check().catch((err) => options.log.warn('checking the database lock failed', { err }))
  }, HEARTBEAT_MS)
  beat.unref?.()
  async function held(): Promise<boolean> {
    try {
      const [row] = await sql.unsafe(
        `select exists(select 1 from pg_locks l where ${thisLock} and l.granted and l.pid = pg_backend_pid()) as held`,
      )
      return row?.held === true
    } catch (err) {
      // The session is gone (a restart of Postgres, a killed backend), and the lock with it: a fresh
      // client, not the old one's reconnection, takes it again.
      options.log.warn('database lock session lost', { err })
      const old = sql
      sql = connect()
      await old.end({ timeout: 1 }).catch(() => {})
      return false
    }
  }
  async function check() {
    if (lost || (await held())) return
    if (await take()) {
      options.log.warn('database lock taken again after its connection was lost')
      return
    }
    if ((await lockBackend(sql)) === ownBackend) {
      options.log.warn('database lock still held by this process’s lost session; taken again once it ends')
      return
    }
    lost = true
    clearInterval(beat)
    options.onLost(await refusal(sql))
  }

  return {
    holder,
    check,
    async release() {
      clearInterval(beat)
      await sql.unsafe(`select pg_advisory_unlock(${KEY.class}, ${KEY.object})`).catch(() => {})
      await sql.end({ timeout: 2 }).catch(() => {})
    },
  }
}

/** The backend holding the lock in this database, or null. */
export async function lockBackend(sql: postgres.Sql): Promise<number | null> {
  const [row] = await sql.unsafe(`select l.pid from pg_locks l where ${grantedHere} limit 1`)
  return (row?.pid as number | undefined) ?? null
}

/** "wt <pid> <start, epoch seconds> <host>", cut to what Postgres keeps. */
function appName(holder: Holder): string {
  const started = Math.floor(Date.parse(holder.startedAt) / 1000)
  return `wt ${holder.pid} ${started} ${holder.host}`.slice(0, APP_NAME_MAX)
}

function parseAppName(name: string | null): Holder | null {
  const match = /^wt (\d+) (\d+) (.*)$/.exec(name ?? '')
  if (!match) return null
  return {
    pid: Number(match[1]),
    host: match[3] as string,
    startedAt: new Date(Number(match[2]) * 1000).toISOString(),
  }
}

async function refusal(sql: postgres.Sql): Promise<string> {
  const [row] = await sql.unsafe(
    `select a.application_name as name, a.pid as backend, host(a.client_addr) as addr, current_database() as db
       from pg_locks l left join pg_stat_activity a on a.pid = l.pid
      where ${grantedHere}
      limit 1`,
  )
  const holder = parseAppName((row?.name as string | null) ?? null)
  const who = holder
    ? `pid ${holder.pid} on host ${holder.host}, started ${holder.startedAt}`
    : `Postgres backend ${row?.backend ?? '?'}${row?.addr ? ` from ${row.addr}` : ''}`
  return (
    `The database ${row?.db ?? ''} of DATABASE_URL is in use by another server (${who}): one process per ` +
    'database unless REDIS_URL is set. Stop that process first.'
  )
}
