/**
 * How many watch a game (beyond PROTOCOL.md, docs/server.md "Spectating"): the distinct users
 * (visitors count one per connection) subscribed to the game's topic. When it changes, the players
 * and the observers get `game/watchers {gameId, count}`, at most once a second per game: the first
 * change goes at once, changes within the next second are folded into one push at its end, counted
 * when sent, so the last value always arrives. Players never subscribe, so they are not counted.
 */

import { isComputer } from '../../engine/index.ts'
import type { Core } from '../core.ts'
import { topics } from '../realtime/hub.ts'
import { detach, later } from '../util/timers.ts'
import type { GamesService } from './service.ts'

const PREFIX = topics.game('')
export const WATCHERS_PUSH_EVERY_MS = 1000

export function watchGameAudiences(core: Core, games: GamesService): () => void {
  const { hub } = core
  const log = core.log.child({ component: 'watchers' })
  /** Games pushed within the last second: whether another change came since, and the timer. */
  const cooling = new Map<string, { changed: boolean; cancel: () => void }>()

  const push = (gameId: string) =>
    detach(log, 'watcher count push', async () => {
      const view = await games.view(gameId)
      if (!view) return
      const topic = topics.game(gameId)
      const payload = { gameId, count: hub.listenersOf(topic) }
      hub.sendToUsers(
        view.opponents.filter((uid) => !isComputer(uid)),
        'game/watchers',
        payload,
      )
      hub.publish(topic, 'game/watchers', payload)
    })

  const pushAndCool = (gameId: string) => {
    push(gameId)
    const entry = {
      changed: false,
      cancel: later(core.schedule, WATCHERS_PUSH_EVERY_MS, log, 'watcher count cooldown', () => {
        cooling.delete(gameId)
        if (entry.changed) pushAndCool(gameId)
      }),
    }
    cooling.set(gameId, entry)
  }

  const stopListening = hub.onTopic((topic) => {
    if (!topic.startsWith(PREFIX)) return
    const gameId = topic.slice(PREFIX.length)
    const entry = cooling.get(gameId)
    if (entry) entry.changed = true
    else pushAndCool(gameId)
  })
  return () => {
    stopListening()
    for (const entry of cooling.values()) entry.cancel()
    cooling.clear()
  }
}
