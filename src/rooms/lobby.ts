/**
 * The lobby monitor (SPEC.md §3): how many players wait in the arena per game type and language
 * (and, beyond PROTOCOL.md, per time mode). Recounted from the database a moment after a change
 * of the queue (a burst of changes, e.g. 200 players queueing at once, is one recount);
 * `lobby/pvpMonitor` goes to every signed-in connection when the counts differ from those sent.
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
    if (JSON.stringify(lobby) !== sent) schedule()
    return lobby
  }

  let stopped = false
  function schedule(): void {
    if (cancelPush || stopped) return
    cancelPush = later(core.schedule, PUSH_AFTER_MS, log, 'lobby push', async () => {
      cancelPush = null
      await recount()
      push()
    })
  }

  function push(): void {
    const text = JSON.stringify(current)
    if (text === sent) return
    sent = text
    hub.broadcast('lobby/pvpMonitor', current)
  }

  core.cluster?.onSignal('lobby', schedule)

  return {
    /** The counts as of the last recount (/api/init). */
    current: () => current,
    /** Players waiting in the arena as of the last recount. */
    waiting: () => total,
    recount,
    /**
     * The queue changed: one recount and push once the burst is over. A recount that finds the
     * counts different from those sent (e.g. for /api/init) also leads to a push.
     */
    changed(): void {
      schedule()
      // The queue is in the database: the other processes recount and push to their own sockets.
      core.cluster?.signal('lobby')
    },
    stop(): void {
      stopped = true
      cancelPush?.()
      cancelPush = null
    },
  }
}

export type LobbyMonitor = ReturnType<typeof createLobby>
