import { signal } from '@preact/signals-react'
import { type AiLevel, type GameOptions, type GameType, TIMING } from '../../engine/index.ts'
import type { Lang } from '../../shared/i18n.ts'
import type { RoomInfo } from '../../src/rooms/service.ts'
import { type Api, call } from '../api/client.ts'
import type { Session } from '../session/store.ts'
import { customOptionsFor } from './custom-options.ts'
import { activeCount } from './status.ts'

export type RoomMode = 'computer' | 'randomPlayer' | 'friend'

export interface StartRequest {
  mode: RoomMode
  type: GameType
  level?: AiLevel
  secret?: string
  /** The saved custom options, when the player chose a custom game. */
  custom?: GameOptions | null
}

/**
 * Waiting rooms from the player's side (SPEC.md §4): create (ignored while one is pending, refused
 * with the slots alert when every slot is taken), ping every 10 s, reset when a ping fails or a game
 * is created, join by code, secret or link.
 */
export function createRoomsStore(deps: { api: Api; session: Session; lang: Lang }) {
  const { api, session, lang } = deps
  const room = signal<RoomInfo | null>(null)
  const busy = signal(false)
  const error = signal<string | null>(null)
  let pinger: ReturnType<typeof setInterval> | null = null

  function stopPing() {
    if (pinger) clearInterval(pinger)
    pinger = null
  }

  function reset() {
    stopPing()
    room.value = null
  }

  function startPing(roomId: string) {
    stopPing()
    pinger = setInterval(async () => {
      const got = await call(() => api.api['waiting-rooms'].ping.post({ roomId }))
      if (!got.ok) reset()
    }, TIMING.roomPingMs)
  }

  return {
    room,
    busy,
    error,
    async start(request: StartRequest): Promise<RoomInfo | null> {
      if (busy.value || room.value) return null
      const profile = session.profile.value
      if (profile && activeCount(session.games.value.values()) >= profile.gameSlotsCapacity) {
        session.restriction.value = 'gameSlots'
        return null
      }
      busy.value = true
      error.value = null
      try {
        const got = await call(() =>
          api.api['waiting-rooms'].post({
            type: request.type,
            mode: request.mode,
            lang,
            ...(request.secret ? { secret: request.secret } : {}),
            extraParams: {
              ...(request.level ? { level: request.level } : {}),
              ...(request.custom
                ? { options: customOptionsFor(request.type, request.custom), isCustom: true }
                : {}),
            },
          }),
        )
        if (!got.ok) {
          // The socket's system message opens the alert for coins and slots; the rest is said here.
          if (got.code === 'NO_COINS_ENOUGH') session.restriction.value = 'coins'
          else if (got.code === 'NO_GAME_SLOTS') session.restriction.value = 'gameSlots'
          else error.value = got.code
          return null
        }
        const info = got.data.room
        if (info.gameId) session.goToGame(info.gameId)
        else {
          room.value = info
          startPing(info.roomId)
        }
        return info
      } finally {
        busy.value = false
      }
    },
    async cancel() {
      const current = room.value
      reset()
      if (current) await call(() => api.api['waiting-rooms']({ id: current.roomId }).delete())
    },
    async join(ref: string): Promise<boolean> {
      const value = ref.trim()
      if (!value || busy.value) return false
      busy.value = true
      error.value = null
      try {
        const got = await call(() => api.api['waiting-rooms'].join.post({ roomId: value }))
        if (!got.ok) {
          if (got.code === 'NO_COINS_ENOUGH') session.restriction.value = 'coins'
          else if (got.code === 'NO_GAME_SLOTS') session.restriction.value = 'gameSlots'
          else error.value = got.code
          return false
        }
        session.goToGame(got.data.gameId)
        return true
      } finally {
        busy.value = false
      }
    },
    /** A game was created (socket): the room is done. */
    reset,
  }
}

export type RoomsStore = ReturnType<typeof createRoomsStore>
