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
import { findOpenGameOf, type OpenGameFilter } from '../games/repo.ts'
import type { GamesService, StartRefusal } from '../games/service.ts'
import { accept, type Outcome, type Refusal, refuse } from '../refusal.ts'
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

  async function userOf(uid: string): Promise<Outcome<User>> {
    const user = await users.get(uid)
    return user ? accept(user) : refuse('UNAUTHORIZED', 'User not found')
  }

  /** The options a game of this request will have; refused when they contradict or the language is missing. */
  function checkedOptions(
    input: { type: GameType; lang: Lang; options?: Partial<GameOptions> },
    creatorLevel: number,
  ): Outcome<GameOptions> {
    let options: GameOptions
    try {
      options = settleOptions({ type: input.type, options: input.options, creatorLevel })
    } catch (err) {
      if (err instanceof GameRequestError) return refuse('BAD_REQUEST', err.message)
      throw err
    }
    if (!dictionaries.get(input.lang, options.dictType) || !dictionaries.get(input.lang, 'default'))
      return refuse('BAD_REQUEST', `Games in ${input.lang} are not available on this server`)
    return accept(options)
  }

  /** The `system` message of a refused start, to the user it concerns. */
  function notifyRefusal(refusal: StartRefusal): void {
    hub.sendToUser(
      refusal.uid,
      refusal.code === 'NO_COINS_ENOUGH' ? 'system/no_coins_enough' : 'system/no_game_slots',
      {},
    )
  }

  /** The refusal of PROTOCOL.md (409 over HTTP) plus the matching system message to the user's sockets. */
  function refused(refusal: StartRefusal): Refusal {
    notifyRefusal(refusal)
    return refusal.code === 'NO_COINS_ENOUGH'
      ? refuse(refusal.code, 'Not enough coins to start a game')
      : refuse(refusal.code, 'No free game slot')
  }

  /**
   * The user's open game of a one-at-a-time kind (a daily's attempt, the tutorial), announced
   * again as if it had just begun; null when there is none.
   */
  async function resumeOpen(
    uid: string,
    filter: OpenGameFilter,
  ): Promise<{ gameId: string; resumed: true } | null> {
    const open = await findOpenGameOf(core.db, uid, filter)
    if (!open) return null
    await announce(open.id)
    return { gameId: open.id, resumed: true }
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

  return { userOf, checkedOptions, notifyRefusal, refused, announce, resumeOpen, startPvp }
}

export type Starter = ReturnType<typeof createStarter>
