/**
 * What every way of starting a game shares (friend rooms, the arena, rematches, the computer):
 * the options a request may have, a game between two people paid and stored by the games
 * service, the refusals of PROTOCOL.md with their `system` messages, and `game/created`.
 */
import {
  type GameOptions,
  type GameType,
  isComputer,
  type Lang,
  type PlayerUser,
  shownAvatar,
} from '../../engine/index.ts'
import type { Core } from '../core.ts'
import type { Dictionaries } from '../dictionaries/store.ts'
import { buildGame, GameRequestError, settleOptions } from '../games/factory.ts'
import type { GamesService, StartRefusal } from '../games/service.ts'
import { badRequest, conflict, unauthorized } from '../http/envelope.ts'
import type { User } from '../users/types.ts'

export const playerOf = (user: User): PlayerUser => ({
  id: user.id,
  name: user.nickname,
  // Only a catalogue avatar reaches the opponent, whatever an old row holds.
  avatar: shownAvatar(user.avatar),
})

export interface PvpSpec {
  type: GameType
  lang: Lang
  options: Partial<GameOptions>
  /** Side 0, side 1. */
  users: [User, User]
  /** Whose level decides the hints (RULES §6). */
  creatorLevel: number
  isPrivate?: boolean
  /** A friend room's game takes the room's id. */
  id?: string
}

export type Started = { ok: true; gameId: string } | ({ ok: false } & StartRefusal)

export function createStarter(core: Core, games: GamesService, dictionaries: Dictionaries) {
  const { hub, users, clock } = core
  const log = core.log.child({ component: 'rooms' })

  async function userOf(uid: string): Promise<User> {
    const user = await users.get(uid)
    if (!user) throw unauthorized('User not found')
    return user
  }

  /** The options a game of this request will have; 400 when they contradict or the language is missing. */
  function checkedOptions(
    input: { type: GameType; lang: Lang; options?: Partial<GameOptions> },
    creatorLevel: number,
  ): GameOptions {
    let options: GameOptions
    try {
      options = settleOptions({ type: input.type, options: input.options, creatorLevel })
    } catch (err) {
      if (err instanceof GameRequestError) throw badRequest(err.message)
      throw err
    }
    if (!dictionaries.get(input.lang, options.dictType) || !dictionaries.get(input.lang, 'default'))
      throw badRequest(`Games in ${input.lang} are not available on this server`)
    return options
  }

  /** The `system` message of a refused start, to the user it concerns. */
  function notifyRefusal(refusal: StartRefusal): void {
    hub.sendToUser(
      refusal.uid,
      refusal.code === 'NO_COINS_ENOUGH' ? 'system/no_coins_enough' : 'system/no_game_slots',
      {},
    )
  }

  /** The 409 of PROTOCOL.md plus the matching system message to the user's sockets. */
  function refuse(refusal: StartRefusal): never {
    notifyRefusal(refusal)
    if (refusal.code === 'NO_COINS_ENOUGH') throw conflict('Not enough coins to start a game', refusal.code)
    throw conflict('No free game slot', refusal.code)
  }

  /** `game/created {game, presence}` to the game's people. */
  async function announce(gameId: string): Promise<void> {
    const view = await games.view(gameId)
    if (!view) return
    const humans = view.opponents.filter((uid) => !isComputer(uid))
    hub.sendToUsers(humans, 'game/created', { game: view, presence: games.presenceOf(view) })
  }

  /** A game between two people: both pay and need a slot (refused otherwise), then both hear of it. */
  async function startPvp(spec: PvpSpec): Promise<Started> {
    const [a, b] = spec.users
    const game = buildGame(
      {
        mode: 'pvp',
        type: spec.type,
        lang: spec.lang,
        options: spec.options,
        users: [playerOf(a), playerOf(b)],
        creatorLevel: spec.creatorLevel,
        isPrivate: spec.isPrivate ?? false,
        now: clock(),
        ...(spec.id ? { id: spec.id } : {}),
      },
      dictionaries.get(spec.lang, 'default')!,
    )
    const created = await games.create({ game, payers: [a.id, b.id] })
    if (!created.ok) return created
    // The game exists from here on: a failed announcement is logged, never undone (clients resync).
    await announce(game.id).catch((err) => log.error('announcing a game failed', { gameId: game.id, err }))
    return { ok: true, gameId: game.id }
  }

  return { userOf, checkedOptions, notifyRefusal, refuse, announce, startPvp }
}

export type Starter = ReturnType<typeof createStarter>
