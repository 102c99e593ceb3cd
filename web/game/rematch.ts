/**
 * "Play again" at the end of a game: a rematch offer between two players (game/rematch, both must
 * agree; docs/server.md "Rematch"), or a new game against the computer at the same or the next
 * level, or the tutorial again. The new game arrives as game/created, which takes the page there.
 */
import { type ReadonlySignal, signal } from '@preact/signals-react'
import { AI_LEVELS, type AiLevel, computerLevelOf, type GameView, MENTOR_ID } from '../../engine/index.ts'
import type { Lang } from '../../shared/i18n.ts'
import { type Api, call } from '../api/client.ts'
import { createRoomsStore } from '../home/rooms.ts'
import type { Session } from '../session/store.ts'
import { restrictionOf } from '../shop/restriction.ts'

export interface RematchOffers {
  offers: [boolean, boolean]
  declined: boolean
}

export type Opponent = { kind: 'player' } | { kind: 'computer'; level: AiLevel } | { kind: 'mentor' }

/** Who side 1 of a game is: the computer (side 1, engine/computer-id.ts), the tutorial's mentor, or a player. */
export function opponentOf(game: GameView): Opponent {
  const id = game.opponents[1]
  if (id === MENTOR_ID) return { kind: 'mentor' }
  const level = computerLevelOf(id)
  return level ? { kind: 'computer', level } : { kind: 'player' }
}

/** The level above, or null at the top. */
export function nextLevel(level: AiLevel): AiLevel | null {
  return AI_LEVELS[AI_LEVELS.indexOf(level) + 1] ?? null
}

export function createRematch(deps: {
  session: Session
  api: Api
  lang: Lang
  gameId: string
  game: ReadonlySignal<GameView | null>
}) {
  const { session, api, gameId } = deps
  const offers = signal<RematchOffers | null>(null)
  const busy = signal(false)
  const failed = signal<string | null>(null)
  const rooms = createRoomsStore({ api, session, lang: deps.lang })

  async function run(task: () => Promise<string | null>) {
    if (busy.value) return
    busy.value = true
    failed.value = null
    try {
      const code = await task()
      // No coins or no free slot: the restriction alert says so, with the way to the shop.
      const restriction = restrictionOf(code)
      if (restriction) session.restriction.value = restriction
      failed.value = restriction ? null : code
    } finally {
      busy.value = false
    }
  }

  return {
    offers,
    busy,
    /** The code of the last refusal (NO_COINS_ENOUGH, …), for the banner to say. */
    failed,
    /** Hears the offers of this game (both players get them on every change). */
    listen(): () => void {
      return session.onMessage((m) => {
        if (m.key !== 'game/rematch') return
        const { payload } = m
        if (payload.gameId === gameId) offers.value = { offers: payload.offers, declined: payload.declined }
      })
    },
    /** Offers (or accepts) a rematch: the game starts when both have. */
    offer: () =>
      run(async () => {
        const ack = await session.socket.request('game/rematch', { gameId })
        return ack.success ? null : ack.error.code
      }),
    decline: () =>
      run(async () => {
        const ack = await session.socket.request('game/rematchDecline', { gameId })
        return ack.success ? null : ack.error.code
      }),
    /** A new game against the computer with this game's type and options at `level`. */
    playComputer: (level: AiLevel) =>
      run(async () => {
        const g = deps.game.value
        if (!g) return null
        const room = await rooms.start({ mode: 'computer', type: g.type, level, custom: g.options })
        return room ? null : (session.restriction.value ?? rooms.error.value ?? 'UNKNOWN')
      }),
    /** The tutorial game again (POST /api/tutorial/start answers it; no game/created to wait for). */
    tutorial: () =>
      run(async () => {
        const got = await call(() => api.api.tutorial.start.post({ lang: deps.lang }))
        if (!got.ok) return got.code
        session.goToGame(got.data.gameId)
        return null
      }),
  }
}

export type Rematch = ReturnType<typeof createRematch>
