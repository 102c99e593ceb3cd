/**
 * Graded hints from the player's side (docs/server.md "Graded hints"): one good word sold in steps —
 * its cells (area), then which of them comes first (letter), then the word in order — each step
 * priced before it is bought. The server keeps which step a hint is at but never says so in the
 * game view, so the page keeps what it was answered (also across a reload, in local storage) and
 * prices a fresh hint from the player's hints used.
 */
import { computed, type ReadonlySignal, signal } from '@preact/signals-react'
import {
  type GameView,
  HINT,
  HINT_GRADES,
  type HintGrade,
  hintCost,
  type Player,
  type Side,
} from '../../engine/index.ts'
import type { AckPayload } from '../../src/realtime/protocol.ts'
import type { Session } from '../session/store.ts'
import type { Host } from '../shell/host.ts'

export type HintPrices = Record<HintGrade, number | null>

/** What the server showed of the hint of this turn. */
export interface HintShown {
  /** game.turn the hint belongs to: on another turn it is over. */
  turn: number
  grade: HintGrade
  cellIds: number[]
  firstCellId?: number
  /** The next steps' prices the server answered (null: bought). */
  prices: HintPrices
}

/** The prices of a hint not started yet: shares of 10 · 2^(hints used), rounded up (engine HINT). */
export function freshPrices(player: Player): HintPrices {
  const base = hintCost(player)
  return {
    area: Math.ceil(base * HINT.gradeShare.area),
    letter: Math.ceil(base * HINT.gradeShare.letter),
    word: Math.ceil(base * HINT.gradeShare.word),
  }
}

/** The prices now: the hint in progress goes on at its own prices, otherwise a fresh one. */
export function currentPrices(player: Player, shown: HintShown | null): HintPrices {
  return shown && shown.grade !== 'word' ? shown.prices : freshPrices(player)
}

/**
 * The prices of a hint started on this turn whose step this page does not know (bought before a
 * reload on another device): its base is the one before the hint counted, 10 · 2^(hints used − 1).
 */
export function resumedPrices(player: Player): HintPrices {
  return freshPrices({ ...player, hintsUsed: Math.max(0, player.hintsUsed - 1) })
}

/** The cheapest step that can still be bought (what "not enough points" is measured against). */
export function cheapestPrice(prices: HintPrices): number {
  return Math.min(...HINT_GRADES.map((g) => prices[g] ?? Number.POSITIVE_INFINITY))
}

const storageKey = (gameId: string) => `hint:${gameId}`

export function createHints(deps: {
  session: Session
  gameId: string
  game: ReadonlySignal<GameView | null>
  side: ReadonlySignal<Side | null>
  storage: Host['storage']
}) {
  const { session, gameId, game, side } = deps
  const stored = signal<HintShown | null>(read())
  /** The turn on which the server refused a fresh hint's price: a hint was already started then. */
  const resumedOn = signal<number | null>(null)

  function read(): HintShown | null {
    try {
      const text = deps.storage?.getItem(storageKey(gameId))
      return text ? (JSON.parse(text) as HintShown) : null
    } catch {
      return null
    }
  }

  /** The hint of the current turn (null once the turn has passed). */
  const shown = computed(() => {
    const s = stored.value
    const g = game.value
    return s && g && s.turn === g.turn && g.state === 'active' ? s : null
  })
  const prices = computed<HintPrices | null>(() => {
    const g = game.value
    const s = side.value
    if (!g || s === null) return null
    if (!shown.value && resumedOn.value === g.turn) return resumedPrices(g.players[s])
    return currentPrices(g.players[s], shown.value)
  })

  return {
    shown,
    prices,
    /**
     * Buys one step at the price shown; the caller says what a refusal means. `resumed` is true
     * when the refusal showed that a hint had already been started on this turn (the prices now
     * shown are that hint's).
     */
    async buy(grade: HintGrade): Promise<AckPayload & { resumed?: boolean }> {
      const g = game.value
      const s = side.value
      const cost = prices.value?.[grade] ?? null
      if (!g || s === null || cost === null)
        return { success: false, error: { code: 'BAD_REQUEST', message: '' } }
      const turn = g.turn
      const fresh = !shown.value && resumedOn.value !== turn
      const ack = await session.socket.request('game/hint', { gameId, cost, grade })
      if (!ack.success && ack.error.code === 'BAD_REQUEST' && fresh && g.players[s].hintsUsed > 0) {
        resumedOn.value = turn
        return { ...ack, resumed: true }
      }
      if (ack.success) {
        const { data } = ack
        const next: HintShown = {
          turn,
          grade: data.grade,
          cellIds: data.cellIds,
          prices: data.prices,
          ...(data.firstCellId === undefined ? {} : { firstCellId: data.firstCellId }),
        }
        stored.value = next
        try {
          deps.storage?.setItem(storageKey(gameId), JSON.stringify(next))
        } catch {
          // Private mode: the hint is still shown, a reload just forgets its step.
        }
      }
      return ack
    },
  }
}

export type Hints = ReturnType<typeof createHints>
