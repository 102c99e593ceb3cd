import type { Clock } from '../clock.ts'
import type { Db } from '../db/client.ts'
import { newId } from '../db/ids.ts'
import type { Logger } from '../observability/log.ts'
import { detach } from '../util/timers.ts'
import {
  deleteEndedSessions,
  findLiveSessions,
  findSession,
  findSessionToReuse,
  insertSession,
  revokeSessions,
  type SessionRow,
  touchSession,
} from './repo.ts'

/** PROTOCOL.md Auth: a session lives at most 90 days from its sign-in. */
export const SESSION_MAX_AGE_MS = 90 * 24 * 3600_000
/**
 * How long a session read from the database is trusted without another look. A revocation in this
 * process applies at once (the cache is updated); this bounds how late another process notices one.
 */
const CACHE_TTL_MS = 60_000
const CACHE_MAX = 50_000
/** last_seen_at is written at most this often per session: a turn must not cost a write. */
const TOUCH_EVERY_MS = 5 * 60_000

export const SESSION_KINDS = ['web', 'telegram', 'dev'] as const
export type SessionKind = (typeof SESSION_KINDS)[number]

export interface Session {
  id: string
  uid: string
  kind: SessionKind
  /** A label from the User-Agent ('' when unknown). */
  device: string
  deviceKeyId: string | null
  createdAt: number
  lastSeenAt: number
  /** When it ends on its own (90 days after the sign-in). */
  endsAt: number
}

export interface NewSession {
  uid: string
  kind: SessionKind
  device: string
  deviceKeyId: string | null
}

interface Cached {
  row: SessionRow
  checkedAt: number
}

/** `elsewhere`: ended by another process of the deployment (already told to the others). */
export type EndListener = (sessionIds: readonly string[], elsewhere?: boolean) => void

const toSession = (row: SessionRow): Session => ({
  id: row.id,
  uid: row.userId,
  kind: row.kind as SessionKind,
  device: row.device,
  deviceKeyId: row.deviceKeyId,
  createdAt: row.createdAt,
  lastSeenAt: row.lastSeenAt,
  endsAt: row.createdAt + SESSION_MAX_AGE_MS,
})

/**
 * Server-side sessions: every token names one, and a token is good only while its session is live
 * (not revoked, under 90 days old). Checks are served from memory; revocations update that memory
 * and tell the listeners (the sockets of those sessions are closed).
 */
export function createSessions(deps: { db: Db; clock: Clock; log: Logger }) {
  const { db, clock, log } = deps
  const cache = new Map<string, Cached>()
  const listeners = new Set<EndListener>()

  const remember = (row: SessionRow) => {
    cache.delete(row.id)
    cache.set(row.id, { row, checkedAt: clock() })
    // Oldest first in a Map: dropping from the front keeps the recently used.
    if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value as string)
  }

  const isLive = (row: SessionRow, now: number) =>
    row.revokedAt === null && now < row.createdAt + SESSION_MAX_AGE_MS

  const ended = (rows: SessionRow[]) => {
    for (const row of rows) remember(row)
    const ids = rows.map((row) => row.id)
    if (ids.length === 0) return ids
    for (const listener of listeners) {
      try {
        listener(ids)
      } catch (err) {
        log.error('session end listener failed', { err })
      }
    }
    return ids
  }

  return {
    /**
     * A new session; a Telegram sign-in instead goes on with the user's live Telegram session of the
     * same device: Telegram's signed data is the credential each time, and a Mini App whose cookies
     * the webview drops signs in on every open, which would fill the list with copies.
     */
    async create(input: NewSession): Promise<Session> {
      const now = clock()
      if (input.kind === 'telegram') {
        const reused = await findSessionToReuse(
          db,
          input.uid,
          input.kind,
          input.device,
          now - SESSION_MAX_AGE_MS,
        )
        if (reused) {
          remember(reused)
          return toSession(reused)
        }
      }
      const row: SessionRow = {
        id: newId(now),
        userId: input.uid,
        kind: input.kind,
        device: input.device,
        deviceKeyId: input.deviceKeyId,
        createdAt: now,
        lastSeenAt: now,
        revokedAt: null,
      }
      await insertSession(db, row)
      remember(row)
      return toSession(row)
    },

    /** The session if it is live and belongs to `uid`; marks it seen (written now and then). */
    async live(id: string, uid: string): Promise<Session | null> {
      const now = clock()
      let cached = cache.get(id)
      if (!cached || now - cached.checkedAt > CACHE_TTL_MS) {
        const row = await findSession(db, id)
        if (!row) return null
        remember(row)
        cached = cache.get(id) as Cached
      }
      const { row } = cached
      if (row.userId !== uid || !isLive(row, now)) return null
      if (now - row.lastSeenAt >= TOUCH_EVERY_MS) {
        row.lastSeenAt = now
        detach(log, 'session last seen', () => touchSession(db, id, now))
      }
      return toSession(row)
    },

    /** The user's live sessions, last used first. */
    async list(uid: string): Promise<Session[]> {
      const rows = await findLiveSessions(db, uid, clock() - SESSION_MAX_AGE_MS)
      return rows.map(toSession)
    },

    /** Ends these sessions of the user (or all of them); answers those that were live. */
    async end(uid: string, ids: readonly string[] | 'all'): Promise<Session[]> {
      const rows = await revokeSessions(db, uid, ids, clock())
      ended(rows)
      return rows.map(toSession)
    },

    /** Hears every revocation of this process (not the 90-day ends: sockets see those by their clock). */
    onEnd(listener: EndListener): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    /**
     * Another process of the deployment ended these sessions (src/cluster/): forget what is
     * cached of them and tell this process's listeners, which close their sockets.
     */
    endedElsewhere(ids: readonly string[]): void {
      for (const id of ids) cache.delete(id)
      for (const listener of listeners) {
        try {
          listener([...ids], true)
        } catch (err) {
          log.error('session end listener failed', { err })
        }
      }
    },

    /** Drops rows that ended over 30 days ago. */
    prune(): Promise<number> {
      const keepFrom = clock() - 30 * 24 * 3600_000
      return deleteEndedSessions(db, keepFrom, keepFrom - SESSION_MAX_AGE_MS)
    },
  }
}

export type Sessions = ReturnType<typeof createSessions>
