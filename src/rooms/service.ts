/**
 * Waiting rooms (PROTOCOL.md "Starting games"). Against the computer the game is created at once;
 * a friend room waits until someone joins it by id, code or secret word; an arena room waits in
 * the arena queue (arena.ts) until the matcher pairs it. Friend and arena rooms are rows, so they
 * survive a restart, and die when not pinged for ROOM_TTL_MS.
 */
import { randomInt } from 'node:crypto'
import {
  type AiLevel,
  COINS,
  computerId,
  type GameOptions,
  type GameType,
  type Lang,
  type PlayerUser,
  TIMING,
} from '../../engine/index.ts'
import { startParamFor } from '../auth/start-param.ts'
import type { Core } from '../core.ts'
import { newId } from '../db/ids.ts'
import type { Dictionaries } from '../dictionaries/store.ts'
import { gameSlotsCapacity, isPro } from '../economy/tiers.ts'
import { buildGame } from '../games/factory.ts'
import { countOpenGamesOf } from '../games/repo.ts'
import type { GamesService } from '../games/service.ts'
import { accept, type Outcome, type Refusal, refuse } from '../refusal.ts'
import type { User } from '../users/types.ts'
import { every } from '../util/timers.ts'
import { createArena } from './arena.ts'
import { createJoinLimit, joinLimited } from './join-limit.ts'
import { createLobby } from './lobby.ts'
import { createRematch } from './rematch.ts'
import {
  deleteRoom,
  deleteRoomsOf,
  deleteStaleRooms,
  findRoom,
  insertRoom,
  pingRoom,
  type RoomMode,
  type WaitingRoom,
} from './repo.ts'
import { secretWeakness } from './secret.ts'
import { createStarter, playerOf } from './start.ts'

/** A room not pinged for this long is gone (the client pings every TIMING.roomPingMs). */
export const ROOM_TTL_MS = 3 * TIMING.roomPingMs
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
  /** Friend rooms: the code to type or share. */
  code: string | null
  /** Friend rooms: the web link (`PUBLIC_URL/?room=<code>`). */
  link: string | null
  /** Friend rooms: the Mini App start parameter (`t.me/<bot>?startapp=<startParam>`). */
  startParam: string | null
  mode: RoomMode
  type: GameType
  lang: Lang
  /** The game, when the room turned into one at once (mode computer). */
  gameId: string | null
  isPrivate: boolean
}

export function createRoomsService(core: Core, games: GamesService, dictionaries: Dictionaries) {
  const { db, clock, config } = core
  const log = core.log.child({ component: 'rooms' })
  const starter = createStarter(core, games, dictionaries)
  const aliveSince = () => clock() - ROOM_TTL_MS
  const lobby = createLobby(core, aliveSince)
  const arena = createArena({ core, starter, lobby, aliveSince })
  const rematch = createRematch(core, games, starter)
  const joinLimit = createJoinLimit(clock)

  const link = (code: string) => `${config.publicUrl ?? ''}/?room=${code}`
  const drawCode = () =>
    Array.from({ length: 6 }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join('')

  async function createComputerGame(user: User, input: CreateRoomInput): Promise<Outcome<RoomInfo>> {
    const checked = starter.checkedOptions({ ...input, options: input.extraParams?.options }, user.level)
    if (!checked.ok) return checked
    const options = checked.value
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
    if (!created.ok) return starter.refused(created)
    await starter.announce(game.id)
    return accept({
      roomId: game.id,
      code: null,
      link: null,
      startParam: null,
      mode: 'computer',
      type: game.type,
      lang: game.lang,
      gameId: game.id,
      isPrivate: false,
    })
  }

  /** A waiting room is refused up front when its owner could not start the game anyway. */
  async function precheck(user: User): Promise<Refusal | null> {
    if (user.coins < COINS.perGame) return starter.refused({ code: 'NO_COINS_ENOUGH', uid: user.id })
    if (
      (await countOpenGamesOf(db, user.id)) >= gameSlotsCapacity(user.gameSlots, user.subscription, clock())
    )
      return starter.refused({ code: 'NO_GAME_SLOTS', uid: user.id })
    return null
  }

  /** Stores a waiting room (friend or arena), replacing the owner's previous one. */
  async function openRoom(
    user: User,
    fields: Pick<WaitingRoom, 'mode' | 'type' | 'lang' | 'options' | 'secret'>,
  ): Promise<Outcome<{ room: WaitingRoom; replaced: RoomMode[] }>> {
    const refusal = await precheck(user)
    if (refusal) return refusal
    // One waiting room per player: a new one replaces the old.
    const replaced = await deleteRoomsOf(db, user.id)
    const now = clock()
    for (let attempt = 0; attempt < 8; attempt++) {
      const room = await insertRoom(db, {
        id: newId(now),
        code: drawCode(),
        ownerId: user.id,
        createdAt: now,
        pingedAt: now,
        ...fields,
      })
      if (room) return accept({ room, replaced })
    }
    throw new Error('no free room code after 8 draws')
  }

  async function createFriendRoom(user: User, input: CreateRoomInput): Promise<Outcome<RoomInfo>> {
    const checked = starter.checkedOptions({ ...input, options: input.extraParams?.options }, user.level)
    if (!checked.ok) return checked
    const options = checked.value
    const secret = input.secret?.trim() || null
    if (secret && !isPro(user.subscription, clock())) return refuse('FORBIDDEN', 'Private rooms need PRO')
    const weakness = secret ? secretWeakness(secret, dictionaries) : null
    if (weakness) return refuse('WEAK_SECRET', weakness)
    const opened = await openRoom(user, {
      mode: 'friend',
      type: input.type,
      lang: input.lang,
      options,
      secret,
    })
    if (!opened.ok) return opened
    if (opened.value.replaced.includes('randomPlayer')) lobby.changed()
    return accept(infoOf(opened.value.room))
  }

  async function joinArena(user: User, input: CreateRoomInput): Promise<Outcome<RoomInfo>> {
    if (input.secret?.trim()) return refuse('BAD_REQUEST', 'A secret word belongs to a friend room')
    // The arena pairs by language and time mode; the rest of the options are the defaults.
    const checked = starter.checkedOptions(
      { type: input.type, lang: input.lang, options: { timeMode: input.extraParams?.options?.timeMode } },
      user.level,
    )
    if (!checked.ok) return checked
    const { timeMode } = checked.value
    const opened = await openRoom(user, {
      mode: 'randomPlayer',
      type: input.type,
      lang: input.lang,
      options: { timeMode },
      secret: null,
    })
    if (!opened.ok) return opened
    lobby.changed()
    void arena.trigger()
    return accept(infoOf(opened.value.room))
  }

  const infoOf = (room: WaitingRoom): RoomInfo => {
    const friend = room.mode === 'friend'
    return {
      roomId: room.id,
      code: friend ? room.code : null,
      link: friend ? link(room.code) : null,
      startParam: friend ? startParamFor({ roomId: room.code }) : null,
      mode: room.mode,
      type: room.type,
      lang: room.lang,
      gameId: null,
      isPrivate: room.secret !== null,
    }
  }

  const sweep = every(core.schedule, TIMING.roomPingMs, log, 'dropping stale rooms', async () => {
    joinLimit.prune()
    const dropped = await deleteStaleRooms(db, aliveSince())
    if (dropped.includes('randomPlayer')) lobby.changed()
  })

  return {
    /** The rematch messages (rooms/rematch.ts), for the rooms feature to hand to createApp. */
    socketHandlers: rematch.socketHandlers,

    /** After a restart the queue is still there: counted here, paired by the arena's next timed pass. */
    async start(): Promise<void> {
      await lobby.recount()
    },

    async create(uid: string, input: CreateRoomInput): Promise<Outcome<RoomInfo>> {
      const found = await starter.userOf(uid)
      if (!found.ok) return found
      const user = found.value
      if (input.mode === 'computer') return createComputerGame(user, input)
      if (input.mode === 'friend') return createFriendRoom(user, input)
      return joinArena(user, input)
    },

    /** Joins a friend room (by id, code or secret); a game id of a game in play is observed instead. */
    async join(uid: string, ref: string): Promise<Outcome<{ gameId: string; observe: boolean }>> {
      // Checked before the lookup: once over the limit, even the right secret waits.
      const wait = joinLimit.waitFor(uid)
      if (wait > 0) return joinLimited(Math.ceil(wait / 1000))
      const found = await findRoom(db, ref.trim(), aliveSince())
      // Arena rooms are paired by the matcher, never joined.
      const room = found?.mode === 'friend' ? found : null
      if (!room) {
        const view = await games.view(ref.trim())
        if (!view) {
          joinLimit.miss(uid)
          return refuse('NOT_FOUND', 'Room not found')
        }
        return accept({ gameId: view.id, observe: !view.opponents.includes(uid) })
      }
      if (room.ownerId === uid) return refuse('OWN_ROOM', 'This is your own room')
      const [ownerFound, guestFound] = await Promise.all([starter.userOf(room.ownerId), starter.userOf(uid)])
      if (!ownerFound.ok) return ownerFound
      if (!guestFound.ok) return guestFound
      const [owner, guest] = [ownerFound.value, guestFound.value]
      // Whoever deletes the row takes the room: a second joiner finds it gone.
      if (!(await deleteRoom(db, room.id))) return refuse('NOT_FOUND', 'Room not found')
      const started = await starter.startPvp({
        type: room.type,
        lang: room.lang,
        options: room.options,
        users: [owner, guest],
        creatorLevel: owner.level,
        isPrivate: room.secret !== null,
        id: room.id,
      })
      if (!started.ok) {
        // The owner's room stays for another try unless the owner is the one who cannot play.
        if (started.uid === guest.id) await insertRoom(db, room)
        return starter.refused(started)
      }
      return accept({ gameId: started.gameId, observe: false })
    },

    async ping(uid: string, roomId: string): Promise<Outcome<Record<string, never>>> {
      if (!(await pingRoom(db, roomId, uid, clock(), aliveSince())))
        return refuse('NOT_FOUND', 'Room not found')
      return accept({})
    },

    async remove(uid: string, roomId: string): Promise<Outcome<Record<string, never>>> {
      if (!(await deleteRoom(db, roomId, uid))) return refuse('NOT_FOUND', 'Room not found')
      lobby.changed()
      return accept({})
    },

    /** The arena's waiting counts as /api/init shows them: counted afresh (rooms may have gone stale). */
    lobby: () => lobby.recount(),
    /** Runs an arena pass now and waits for it (tests). */
    pairNow: () => arena.trigger(),

    async stop(): Promise<void> {
      sweep()
      rematch.stop()
      lobby.stop()
      await arena.stop()
    },
  }
}

export type RoomsService = ReturnType<typeof createRoomsService>
