/**
 * Waiting rooms (PROTOCOL.md "Starting games"). Against the computer the game is created at once;
 * a friend room waits (pinged every 10 s) until someone joins it by id, code or secret word. The
 * arena (`randomPlayer`) belongs to a later feature and is refused for now.
 */
import { randomInt } from 'node:crypto'
import {
  type AiLevel,
  COINS,
  type GameOptions,
  type GameType,
  type Lang,
  type PlayerUser,
  TIMING,
} from '../../engine/index.ts'
import type { Core } from '../core.ts'
import { newId } from '../db/ids.ts'
import type { Dictionaries } from '../dictionaries/store.ts'
import { gameSlotsCapacity, isPro } from '../economy/tiers.ts'
import { computerId } from '../games/computer-id.ts'
import { buildGame, GameRequestError, settleOptions } from '../games/factory.ts'
import type { GamesService, StartRefusal } from '../games/service.ts'
import { ApiError, badRequest, conflict, forbidden, notFound, unauthorized } from '../http/envelope.ts'
import type { User } from '../users/types.ts'
import { every } from '../util/timers.ts'
import {
  deleteRoom,
  deleteStaleRooms,
  findRoom,
  findRoomsOf,
  insertRoom,
  pingRoom,
  type RoomMode,
  type WaitingRoom,
} from './repo.ts'

/** A room not pinged for this long is gone (the client pings every TIMING.roomPingMs). */
const ROOM_TTL_MS = 3 * TIMING.roomPingMs
const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

export interface CreateRoomInput {
  type: GameType
  mode: RoomMode
  secret?: string
  lang: Lang
  extraParams?: { options?: Partial<GameOptions>; isCustom?: boolean; level?: AiLevel }
}

export interface RoomInfo {
  roomId: string
  code: string | null
  link: string | null
  mode: RoomMode
  type: GameType
  lang: Lang
  /** The game, when the room turned into one at once (mode computer). */
  gameId: string | null
  isPrivate: boolean
}

const playerOf = (user: User): PlayerUser => ({ id: user.id, name: user.nickname, avatar: user.avatar })

export function createRoomsService(core: Core, games: GamesService, dictionaries: Dictionaries) {
  const { db, hub, clock, users, config } = core
  const log = core.log.child({ component: 'rooms' })

  const link = (code: string) => `${config.publicUrl ?? ''}/?room=${code}`
  const drawCode = () =>
    Array.from({ length: 6 }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join('')

  async function userOf(uid: string): Promise<User> {
    const user = await users.get(uid)
    if (!user) throw unauthorized('User not found')
    return user
  }

  function checkedOptions(input: Pick<CreateRoomInput, 'type' | 'lang' | 'extraParams'>, user: User) {
    let options: GameOptions
    try {
      options = settleOptions({
        type: input.type,
        options: input.extraParams?.options,
        creatorLevel: user.level,
      })
    } catch (err) {
      if (err instanceof GameRequestError) throw badRequest(err.message)
      throw err
    }
    if (!dictionaries.get(input.lang, options.dictType) || !dictionaries.get(input.lang, 'default'))
      throw badRequest(`Games in ${input.lang} are not available on this server`)
    return options
  }

  /** The 409 of PROTOCOL.md plus the matching system message to the user's sockets. */
  function refuse(refusal: StartRefusal): never {
    if (refusal.code === 'NO_COINS_ENOUGH') {
      hub.sendToUser(refusal.uid, 'system/no_coins_enough', {})
      throw conflict('Not enough coins to start a game', 'NO_COINS_ENOUGH')
    }
    hub.sendToUser(refusal.uid, 'system/no_game_slots', {})
    throw conflict('No free game slot', 'NO_GAME_SLOTS')
  }

  async function announce(gameId: string): Promise<void> {
    const view = await games.view(gameId)
    if (!view) return
    const humans = view.opponents.filter((uid) => !uid.startsWith('ai:'))
    hub.sendToUsers(humans, 'game/created', { game: view, presence: games.presenceOf(view) })
  }

  async function createComputerGame(user: User, input: CreateRoomInput): Promise<RoomInfo> {
    const options = checkedOptions(input, user)
    const level = input.extraParams?.level ?? 'medium'
    const ai: PlayerUser = { id: computerId(level), name: 'Computer', avatar: null }
    const game = buildGame(
      {
        mode: 'pve',
        type: input.type,
        lang: input.lang,
        options,
        users: [playerOf(user), ai],
        creatorLevel: user.level,
        now: clock(),
      },
      dictionaries.get(input.lang, 'default')!,
    )
    // The computer is always ready: the game starts when the player is, or after the start wait.
    game.ready[1] = true
    const created = await games.create({ game, computerLevel: level, payers: [user.id] })
    if (!created.ok) refuse(created)
    await announce(game.id)
    return {
      roomId: game.id,
      code: null,
      link: null,
      mode: 'computer',
      type: game.type,
      lang: game.lang,
      gameId: game.id,
      isPrivate: false,
    }
  }

  /** A friend room is refused up front when its owner could not start the game anyway. */
  async function precheck(user: User): Promise<void> {
    if (user.coins < COINS.perGame) refuse({ code: 'NO_COINS_ENOUGH', uid: user.id })
    const open = (await games.listFor(user.id)).filter((g) => !g.isFinished).length
    if (open >= gameSlotsCapacity(user.gameSlots, user.subscription, clock()))
      refuse({ code: 'NO_GAME_SLOTS', uid: user.id })
  }

  async function createFriendRoom(user: User, input: CreateRoomInput): Promise<RoomInfo> {
    const options = checkedOptions(input, user)
    const secret = input.secret?.trim() || null
    if (secret && !isPro(user.subscription, clock())) throw forbidden('Private rooms need PRO')
    await precheck(user)
    // One waiting room per player: a new one replaces the old.
    for (const old of await findRoomsOf(db, user.id)) await deleteRoom(db, old.id)
    const now = clock()
    for (let attempt = 0; attempt < 8; attempt++) {
      const room = await insertRoom(db, {
        id: newId(now),
        code: drawCode(),
        secret,
        ownerId: user.id,
        mode: 'friend',
        type: input.type,
        lang: input.lang,
        options,
        createdAt: now,
        pingedAt: now,
      })
      if (room) return infoOf(room)
    }
    throw new Error('no free room code after 8 draws')
  }

  const infoOf = (room: WaitingRoom): RoomInfo => ({
    roomId: room.id,
    code: room.code,
    link: link(room.code),
    mode: room.mode,
    type: room.type,
    lang: room.lang,
    gameId: null,
    isPrivate: room.secret !== null,
  })

  const sweep = every(TIMING.roomPingMs, log, 'dropping stale rooms', () =>
    deleteStaleRooms(db, clock() - ROOM_TTL_MS),
  )

  return {
    async create(uid: string, input: CreateRoomInput): Promise<RoomInfo> {
      const user = await userOf(uid)
      if (input.mode === 'computer') return createComputerGame(user, input)
      if (input.mode === 'friend') return createFriendRoom(user, input)
      throw new ApiError(400, 'MODE_NOT_AVAILABLE', 'Playing a random opponent is not available yet')
    },

    /** Joins a friend room (by id, code or secret); a game id of a game in play is observed instead. */
    async join(uid: string, ref: string): Promise<{ gameId: string; observe: boolean }> {
      const room = await findRoom(db, ref.trim())
      if (!room) {
        const view = await games.view(ref.trim())
        if (!view) throw notFound('Room not found')
        return { gameId: view.id, observe: !view.opponents.includes(uid) }
      }
      if (room.ownerId === uid) throw conflict('This is your own room', 'OWN_ROOM')
      const [owner, guest] = await Promise.all([userOf(room.ownerId), userOf(uid)])
      // Whoever deletes the row takes the room: a second joiner finds it gone.
      if (!(await deleteRoom(db, room.id))) throw notFound('Room not found')
      const game = buildGame(
        {
          mode: 'pvp',
          type: room.type,
          lang: room.lang,
          options: room.options,
          users: [playerOf(owner), playerOf(guest)],
          creatorLevel: owner.level,
          isPrivate: room.secret !== null,
          now: clock(),
          id: room.id,
        },
        dictionaries.get(room.lang, 'default')!,
      )
      const created = await games.create({ game, payers: [owner.id, guest.id] })
      if (!created.ok) {
        // The owner's room stays for another try unless the owner is the one who cannot play.
        if (created.uid === guest.id) await insertRoom(db, room)
        refuse(created)
      }
      await announce(game.id)
      return { gameId: game.id, observe: false }
    },

    async ping(uid: string, roomId: string): Promise<void> {
      if (!(await pingRoom(db, roomId, uid, clock()))) throw notFound('Room not found')
    },

    async remove(uid: string, roomId: string): Promise<void> {
      if (!(await deleteRoom(db, roomId, uid))) throw notFound('Room not found')
    },

    stop: sweep,
  }
}

export type RoomsService = ReturnType<typeof createRoomsService>
