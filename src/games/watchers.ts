/**
 * How many watch a game (beyond PROTOCOL.md, docs/server.md "Spectating"): the distinct users
 * (visitors count one per connection) subscribed to the game's topic. When it changes, the players
 * and the observers get `game/watchers {gameId, count}`. Players never subscribe, so they are not
 * counted.
 */
import type { Core } from '../core.ts'
import { topics } from '../realtime/hub.ts'
import { detach } from '../util/timers.ts'
import { isComputer } from './computer-id.ts'
import type { GamesService } from './service.ts'

const PREFIX = topics.game('')

export function watchGameAudiences(core: Core, games: GamesService): () => void {
  const { hub } = core
  const log = core.log.child({ component: 'watchers' })
  return hub.onTopic((topic) => {
    if (!topic.startsWith(PREFIX)) return
    const gameId = topic.slice(PREFIX.length)
    detach(log, 'watcher count push', async () => {
      const view = await games.view(gameId)
      if (!view) return
      // Counted when sent, so pushes that overtake each other still end on the true number.
      const payload = { gameId, count: hub.listenersOf(topic) }
      hub.sendToUsers(
        view.opponents.filter((uid) => !isComputer(uid)),
        'game/watchers',
        payload,
      )
      hub.publish(topic, 'game/watchers', payload)
    })
  })
}
