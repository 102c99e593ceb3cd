/**
 * The arena (mode randomPlayer, RULES §9). A waiting player is a waiting-room row of mode
 * randomPlayer, so the queue survives a restart and is kept alive by the same pings as a friend
 * room. One matcher pass at a time reads the queue, pairs each queue (language + time mode) with
 * pairing.ts, and starts a game per pair. A pass runs after every change of the queue and every
 * second while two or more wait (the rating windows widen with time).
 */
import type { Core } from '../core.ts'
import { every } from '../util/timers.ts'
import type { LobbyMonitor } from './lobby.ts'
import { pairQueue } from './pairing.ts'
import { type ArenaEntry, deleteRoom, insertRoom, listArena } from './repo.ts'
import type { Starter } from './start.ts'

const PASS_EVERY_MS = 1000
/** Games started at the same time within one pass. */
const MATCH_CONCURRENCY = 4

export interface ArenaDeps {
  core: Core
  starter: Starter
  lobby: LobbyMonitor
  /** Rooms pinged before this are gone. */
  aliveSince: () => number
}

export function createArena({ core, starter, lobby, aliveSince }: ArenaDeps) {
  const { db, clock, users } = core
  const log = core.log.child({ component: 'arena' })
  let running: Promise<void> | null = null
  let again = false

  /** Takes both rooms off the queue; false (and the queue as it was) when either is gone already. */
  async function claim(a: ArenaEntry, b: ArenaEntry): Promise<boolean> {
    if (!(await deleteRoom(db, a.room.id))) return false
    if (await deleteRoom(db, b.room.id)) return true
    await putBack(a)
    return false
  }

  async function putBack(entry: ArenaEntry): Promise<void> {
    if (!(await insertRoom(db, entry.room)))
      log.warn('an arena room could not go back to the queue', { roomId: entry.room.id })
  }

  /** One pair: claimed, paid, stored and announced; a refused player leaves the queue, the other stays. */
  async function match(a: ArenaEntry, b: ArenaEntry): Promise<void> {
    if (!(await claim(a, b))) return
    const [ua, ub] = await Promise.all([users.get(a.room.ownerId), users.get(b.room.ownerId)])
    if (!ua || !ub) {
      if (ua) await putBack(a)
      if (ub) await putBack(b)
      return
    }
    // Nobody set the options up: the hints follow the less experienced of the two (RULES §6).
    let started: Awaited<ReturnType<Starter['startPvp']>>
    try {
      started = await starter.startPvp({
        type: a.room.type,
        lang: a.room.lang,
        options: { timeMode: a.room.options.timeMode },
        users: [ua, ub],
        creatorLevel: Math.min(ua.level, ub.level),
      })
    } catch (err) {
      // Not their fault: both wait on.
      await putBack(a)
      await putBack(b)
      throw err
    }
    if (started.ok) {
      log.debug('arena pair', {
        gameId: started.gameId,
        players: [ua.id, ub.id],
        ratings: [a.rating, b.rating],
      })
      return
    }
    starter.notifyRefusal(started)
    await putBack(started.uid === ua.id ? b : a)
  }

  async function pass(): Promise<void> {
    const entries = await listArena(db, aliveSince())
    const queues = new Map<string, ArenaEntry[]>()
    for (const entry of entries) {
      const key = `${entry.room.lang}/${entry.room.options.timeMode}`
      const queue = queues.get(key)
      if (queue) queue.push(entry)
      else queues.set(key, [entry])
    }
    const now = clock()
    const pairs: [ArenaEntry, ArenaEntry][] = []
    for (const queue of queues.values()) {
      if (queue.length < 2) continue
      const waiting = queue.map((entry) => ({
        id: entry.room.id,
        rating: entry.rating,
        since: entry.room.createdAt,
        entry,
      }))
      for (const [a, b] of pairQueue(waiting, now)) pairs.push([a.entry, b.entry])
    }
    // Pairs share no room, so a few start side by side (a pool of Postgres connections serves them).
    let next = 0
    let paired = 0
    const worker = async () => {
      while (next < pairs.length) {
        const [a, b] = pairs[next++]
        try {
          await match(a, b)
          paired++
        } catch (err) {
          log.error('starting an arena game failed', { rooms: [a.room.id, b.room.id], err })
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(MATCH_CONCURRENCY, pairs.length) }, worker))
    if (paired > 0) lobby.changed()
  }

  /** Runs a pass now, or once more after the one running (passes never overlap). */
  function trigger(): Promise<void> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        await pass()
      } while (again)
    })()
      .catch((err) => log.error('arena pass failed', { err }))
      .finally(() => {
        running = null
      })
    return running
  }

  const stopTimer = every(core.schedule, PASS_EVERY_MS, log, 'arena pass', () => {
    if (lobby.waiting() >= 2) return trigger()
  })

  return {
    trigger,
    /** Waits for the pass in progress, if any (tests, a clean stop). */
    settled: () => running ?? Promise.resolve(),
    async stop(): Promise<void> {
      stopTimer()
      await running
    },
  }
}

export type Arena = ReturnType<typeof createArena>
