/**
 * The lobby monitor (SPEC.md §3): how many players wait in the arena per game type and language
 * (and, beyond PROTOCOL.md, per time mode). Recounted from the database after every change of the
 * queue; `lobby/pvpMonitor` goes to every signed-in connection when the counts differ from the
 * last ones sent. Changes in a burst (200 players queueing at once) are sent as one message.
 */
import { DEFAULT_OPTIONS, gameTypeOf } from '../../engine/index.ts'
import type { Core } from '../core.ts'
import { emptyLobby, type Lobby } from '../init/service.ts'
import { later } from '../util/timers.ts'
import { countArena } from './repo.ts'

/** A burst of changes within this time is one push. */
const PUSH_AFTER_MS = 200

export function createLobby(core: Core, aliveSince: () => number) {
  const { db, hub } = core
  const log = core.log.child({ component: 'lobby' })
  let current = emptyLobby()
  let sent = JSON.stringify(current)
  let cancelPush: (() => void) | null = null
  let total = 0
  // Recounts run one after another, so an older count never overwrites a newer one.
  let queue: Promise<unknown> = Promise.resolve()

  function recount(): Promise<Lobby> {
    const run = queue.then(count)
    queue = run.catch(() => {})
    return run
  }

  async function count(): Promise<Lobby> {
    const lobby = emptyLobby()
    let sum = 0
    for (const row of await countArena(db, aliveSince())) {
      if (!(row.timeMode in lobby.timeModes)) continue
      lobby.timeModes[row.timeMode][row.lang] += row.count
      lobby.counts[gameTypeOf({ ...DEFAULT_OPTIONS, timeMode: row.timeMode })][row.lang] += row.count
      sum += row.count
    }
    current = lobby
    total = sum
    return lobby
  }

  function push(): void {
    const text = JSON.stringify(current)
    if (text === sent) return
    sent = text
    hub.broadcast('lobby/pvpMonitor', current)
  }

  return {
    /** The counts as of the last recount (/api/init). */
    current: () => current,
    /** Players waiting in the arena as of the last recount. */
    waiting: () => total,
    recount,
    /** The queue changed: recount now, push once the burst is over. */
    async changed(): Promise<void> {
      await recount()
      if (cancelPush) return
      cancelPush = later(PUSH_AFTER_MS, log, 'lobby push', () => {
        cancelPush = null
        push()
      })
    },
    stop(): void {
      cancelPush?.()
      cancelPush = null
    },
  }
}

export type LobbyMonitor = ReturnType<typeof createLobby>
