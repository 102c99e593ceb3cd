/**
 * Rematch (beyond SPEC.md, docs/server.md "Rematch"): after a pvp game is over either player may
 * offer another game (`game/rematch`); when the other sends it too, a new game with the same
 * type, language, options and privacy starts (both pay and need a slot, as any start). Either may
 * decline (`game/rematchDecline`), which ends the offers of that game. Both players hear
 * `game/rematch {gameId, offers, declined}` on every change. Offers live in memory for
 * OFFER_TTL_MS and do not survive a restart.
 */
import { ErrorCode, type Game, type Side } from '../../engine/index.ts'
import type { Core } from '../core.ts'
import { refusal } from '../games/errors.ts'
import type { GamesService } from '../games/service.ts'
import { ackOk, type HandlerContext, type SocketHandlers } from '../realtime/handlers.ts'
import type { AckRefused } from '../realtime/protocol.ts'
import { every } from '../util/timers.ts'
import type { Starter } from './start.ts'

const OFFER_TTL_MS = 10 * 60_000

interface Offer {
  offers: [boolean, boolean]
  declined: boolean
  /** Set while the new game is being created, then its id: a second accept creates nothing. */
  next: string | 'starting' | null
  at: number
}

export function createRematch(core: Core, games: GamesService, starter: Starter) {
  const { hub, clock } = core
  const log = core.log.child({ component: 'rematch' })
  const offers = new Map<string, Offer>()

  /** The finished pvp game and the sender's side, or the refusal. */
  async function finishedGameOf(
    ctx: HandlerContext,
    gameId: string,
  ): Promise<{ ok: false; error: AckRefused } | { ok: true; game: Game; side: Side }> {
    const live = await games.live(gameId)
    if (!live) return { ok: false, error: refusal(ErrorCode.GAME_NOT_FOUND) }
    const side = live.sideOf(ctx.uid)
    if (side === null)
      return { ok: false, error: refusal(ErrorCode.BAD_REQUEST, 'Only the players of this game may do that') }
    const game = live.snapshot
    if (game.mode !== 'pvp' || game.state !== 'over')
      return {
        ok: false,
        error: refusal(ErrorCode.BAD_REQUEST, 'Only a finished game between two players can be replayed'),
      }
    return { ok: true, game, side }
  }

  function stateOf(gameId: string): Offer {
    let offer = offers.get(gameId)
    if (!offer) {
      offer = { offers: [false, false], declined: false, next: null, at: clock() }
      offers.set(gameId, offer)
    }
    return offer
  }

  function tell(gameId: string, opponents: readonly string[], offer: Offer): void {
    hub.sendToUsers(opponents, 'game/rematch', {
      gameId,
      offers: [...offer.offers],
      declined: offer.declined,
    })
  }

  const socketHandlers: SocketHandlers = {}
  socketHandlers['game/rematch'] = async (ctx, { gameId }) => {
    // Offers live in the memory of the process that plays the game (several processes: src/cluster/).
    const there = await core.cluster?.atOwner(gameId, ctx, 'game/rematch', { gameId })
    if (there) return there
    const found = await finishedGameOf(ctx, gameId)
    if (!found.ok) return found.error
    const { game, side } = found
    const offer = stateOf(gameId)
    if (offer.declined) return refusal(ErrorCode.BAD_REQUEST, 'The rematch was declined')
    if (offer.next) return ackOk({ gameId: offer.next === 'starting' ? null : offer.next })
    offer.offers[side] = true
    offer.at = clock()
    tell(gameId, game.opponents, offer)
    if (!offer.offers[0] || !offer.offers[1]) return ackOk({ gameId: null })

    offer.next = 'starting'
    try {
      const found = await Promise.all(game.opponents.map((uid) => starter.userOf(uid)))
      const [a, b] = found.map((user) => {
        // Players of a game are never deleted: a missing one is the server's fault (INTERNAL_ERROR).
        if (!user.ok) throw new Error(`a player of ${gameId} is gone`)
        return user.value
      })
      const started = await starter.startPvp({
        type: game.type,
        lang: game.lang,
        options: game.options,
        users: [a, b],
        creatorLevel: Math.min(a.level, b.level),
        isPrivate: game.isPrivate,
      })
      if (!started.ok) {
        // The one who cannot play withdraws; the other's offer stands.
        offer.next = null
        offer.offers[game.opponents.indexOf(started.uid) as Side] = false
        starter.notifyRefusal(started)
        tell(gameId, game.opponents, offer)
        return refusal(
          started.code,
          started.code === 'NO_COINS_ENOUGH' ? 'Not enough coins' : 'No free game slot',
        )
      }
      offer.next = started.gameId
      return ackOk({ gameId: started.gameId })
    } catch (err) {
      offer.next = null
      throw err
    }
  }

  socketHandlers['game/rematchDecline'] = async (ctx, { gameId }) => {
    const there = await core.cluster?.atOwner(gameId, ctx, 'game/rematchDecline', { gameId })
    if (there) return there
    const found = await finishedGameOf(ctx, gameId)
    if (!found.ok) return found.error
    const offer = stateOf(gameId)
    if (offer.next) return refusal(ErrorCode.BAD_REQUEST, 'The rematch has started already')
    if (!offer.declined) {
      offer.declined = true
      offer.offers = [false, false]
      offer.at = clock()
      tell(gameId, found.game.opponents, offer)
    }
    return ackOk({})
  }

  const stop = every(core.schedule, 60_000, log, 'dropping old rematch offers', () => {
    const before = clock() - OFFER_TTL_MS
    for (const [id, offer] of offers) if (offer.at < before) offers.delete(id)
  })
  return { socketHandlers, stop }
}
