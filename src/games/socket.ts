/**
 * The game's socket messages (PROTOCOL.md "Playing"). Payloads arrive checked by protocol.ts; here
 * the sender becomes a side (the index of their id in `opponents`), never something the client
 * claims, and the action goes to the live game.
 */
import { ALPHABETS, ErrorCode, type Side } from '../../engine/index.ts'
import type { Core } from '../core.ts'
import type { Dictionaries } from '../dictionaries/store.ts'
import { intercomSlotsCapacity } from '../economy/tiers.ts'
import { ackOk, type HandlerContext, type SocketHandlers } from '../realtime/handlers.ts'
import { topics } from '../realtime/hub.ts'
import type { Ack } from '../realtime/protocol.ts'
import type { ActionAck, GameAction } from './actions.ts'
import { refusal } from './errors.ts'
import { createIntercomLimiter } from './intercom-limit.ts'
import type { GamesService } from './service.ts'

const NOT_A_PLAYER = 'Only the players of this game may do that'
/** Reactions per player: at most this many in a window (the client shows each for 5 s). */
const INTERCOM_LIMIT = { limit: 3, windowMs: 10_000 }

/** The game's client messages (Feature.socketHandlers of games/index.ts). */
export function gameSocketHandlers(
  core: Core,
  games: GamesService,
  dictionaries: Dictionaries,
): SocketHandlers {
  const intercomLimit = createIntercomLimiter({ ...INTERCOM_LIMIT, clock: core.clock })

  /** Finds the live game and the sender's side, then queues the action built for that side. */
  async function play<K extends Exclude<GameAction['kind'], 'clock'>>(
    ctx: HandlerContext,
    gameId: string,
    build: (side: Side) => GameAction & { kind: K },
  ): Promise<Ack<ActionAck<K>>> {
    const game = await games.live(gameId)
    if (!game) return refusal(ErrorCode.GAME_NOT_FOUND)
    const side = game.sideOf(ctx.uid)
    if (side === null) return refusal(ErrorCode.BAD_REQUEST, NOT_A_PLAYER)
    const answer = await game.act(build(side), { uid: ctx.uid, ackKey: ctx.ackKey, reply: ctx.reply })
    // The live game queues every kind alike; runAction (actions.ts) builds kind K's data as ActionAck<K>.
    return answer as Ack<ActionAck<K>>
  }

  return {
    'game/ready': (ctx, { gameId }) => play(ctx, gameId, (side) => ({ kind: 'ready', side })),
    'game/turn': (ctx, { gameId, cellIds, booster }) =>
      play(ctx, gameId, (side) => ({ kind: 'turn', side, cellIds, ...(booster ? { booster } : {}) })),
    'game/booster': (ctx, { gameId, boosterId, cellId, mutationLetter }) =>
      play(ctx, gameId, (side) => ({
        kind: 'booster',
        side,
        use: { boosterId, cellId, ...(mutationLetter === undefined ? {} : { mutationLetter }) },
      })),
    'game/hint': (ctx, { gameId, cost, grade }) =>
      play(ctx, gameId, (side) => ({ kind: 'hint', side, cost, grade: grade ?? 'word' })),
    'game/giveup': (ctx, { gameId }) => play(ctx, gameId, (side) => ({ kind: 'giveup', side })),
    'game/takeWin': (ctx, { gameId }) => play(ctx, gameId, (side) => ({ kind: 'takeWin', side })),
    'game/finish': (ctx, { gameId }) => play(ctx, gameId, (side) => ({ kind: 'finish', side })),
    'game/skipResult': (ctx, { gameId }) => play(ctx, gameId, (side) => ({ kind: 'skipResult', side })),

    'game/intercom': async (ctx, { gameId, message }) => {
      // A reaction is one of the sender's intercom slots (SPEC.md Profile), not free text; after a
      // downgrade only the slots within the capacity count (docs/economy.md).
      const user = await core.users.get(ctx.uid)
      const usable = user
        ? user.intercomSlots.slice(
            0,
            intercomSlotsCapacity(user.intercomSlotsBought, user.subscription, ctx.now),
          )
        : []
      if (!usable.includes(message))
        return refusal(ErrorCode.BAD_REQUEST, 'A reaction must be one of your intercom slots')
      if (!intercomLimit.take(ctx.uid))
        return refusal('TOO_MANY_REQUESTS', 'Too many reactions, wait a little')
      return play(ctx, gameId, (side) => ({ kind: 'intercom', side, message }))
    },

    'game/observe': {
      idempotent: true,
      run: async ({ uid, connection, hub }, { gameId }) => {
        const game = await games.live(gameId)
        if (!game) return refusal(ErrorCode.GAME_NOT_FOUND)
        // Players hear their games on every connection already; subscribing them would double it.
        if (game.sideOf(uid) === null) hub.subscribe(connection, topics.game(game.id))
        return ackOk({ game: game.view, watchers: hub.listenersOf(topics.game(game.id)) })
      },
    },
    'game/leaveObserve': {
      idempotent: true,
      run: async ({ connection, hub }, { gameId }) => {
        hub.unsubscribe(connection, topics.game(gameId))
        return ackOk({})
      },
    },

    'user/checkword': {
      idempotent: true,
      run: async (_ctx, { lang, word, dictType }) => {
        const dict = dictionaries.get(lang, dictType ?? 'default')
        if (!dict) return refusal(ErrorCode.BAD_REQUEST, `No ${lang} dictionary on this server`)
        const folded = ALPHABETS[lang].fold(word.trim().toLowerCase())
        return ackOk({ exists: dict.has(folded) })
      },
    },
  }
}
