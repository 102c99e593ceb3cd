/**
 * The move list of the game on screen: read once from GET /api/games/{id}/moves, then kept up to
 * date from the live events. A version that arrives after a gap (a reconnect, a missed patch)
 * carries no reliable events, so the list is read again.
 */
import { signal } from '@preact/signals-react'
import { type HistoryEvent, movesOfEvents, type PlayedMove } from '../../engine/index.ts'
import { type Api, call } from '../api/client.ts'

export function createMoves(deps: { api: Api; gameId: string }) {
  const list = signal<PlayedMove[]>([])
  /** The game version the list is complete up to (-1: not read yet). */
  let upTo = -1
  let reading: Promise<void> | null = null
  async function read(): Promise<void> {
    const got = await call(() => deps.api.api.games({ id: deps.gameId }).moves.get())
    if (!got.ok) return
    // Live moves that came while the read was on the way stay (the read may predate them).
    const read = got.data.moves
    const last = read.at(-1)?.ts ?? 0
    list.value = [...read, ...list.value.filter((m) => m.ts > last)]
  }

  let again = false
  function reload(ts: number) {
    upTo = ts
    if (reading) {
      again = true
      return
    }
    reading = read().finally(() => {
      reading = null
      if (again) {
        again = false
        reload(upTo)
      }
    })
  }

  return {
    list,
    /** Reads the list for the game at version `ts`. */
    load: (ts: number) => reload(ts),
    /**
     * A version of the game arrived with its events. The next version after the one known:
     * its moves are appended; anything else (a jump, an unread list) reads the list again.
     */
    receive(ts: number, events: readonly HistoryEvent[]) {
      if (ts <= upTo) return
      if (upTo < 0 || ts !== upTo + 1) return reload(ts)
      upTo = ts
      const added = movesOfEvents(ts, events)
      if (added.length) list.value = [...list.value, ...added]
    },
  }
}

export type Moves = ReturnType<typeof createMoves>
