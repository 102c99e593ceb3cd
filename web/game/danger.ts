/**
 * The danger map toggle (docs/server.md "Danger map"): while on, the map of the position on screen
 * is read for every new version of a game in play (GET /api/games/{id}/danger, cached per version
 * by the server) and shades the cells from which the opponent's next word reaches or cuts into the
 * player's base row. Free against the computer; between people a PRO feature, so without PRO the
 * toggle invites to PRO instead. Observers never have it (the page gives them no tools).
 */
import { computed, effect, type ReadonlySignal, signal } from '@preact/signals-react'
import type { DangerLevel, GameView, Side } from '../../engine/index.ts'
import { type AnswerOf, type Api, call } from '../api/client.ts'

export type DangerAnswer = AnswerOf<ReturnType<Api['api']['games']>['danger']['get']>

/** What the map says in words: its legend, that all is quiet, or that the base can fall next turn. */
export type DangerNews = 'legend' | 'quiet' | 'winning'

export function createDanger(deps: {
  api: Api
  gameId: string
  game: ReadonlySignal<GameView | null>
  side: ReadonlySignal<Side | null>
  /** Whether the signed-in player has PRO now. */
  pro: () => boolean
  /** Says in words what the map shows: once it is turned on, and whenever a losing threat appears. */
  announce?: (what: DangerNews) => void
}) {
  const { api, gameId, game, side } = deps
  const on = signal(false)
  const map = signal<DangerAnswer | null>(null)
  /** The invitation to PRO is open (the map was asked for in a game between people without PRO). */
  const invite = signal(false)

  /** A player of a game in play: the only one the map is for. */
  const offered = computed(() => side.value !== null && game.value?.state === 'active')
  const needsPro = computed(() => game.value?.mode === 'pvp' && !deps.pro())

  /** The shading of the version on screen only: an older map would warn about a position gone. */
  const current = computed(() => {
    const m = map.value
    const g = game.value
    if (!on.value || !m || !g || m.ts !== g.ts || g.state !== 'active') return null
    return {
      cells: new Map<number, DangerLevel>(m.cells.map((c) => [c.cellId, c.level])),
      targets: new Set(m.targets),
      winning: m.winning,
      threats: m.threats,
    }
  })

  let asked = -1
  /** The next map is the first since the toggle: it is explained. */
  let fresh = false
  async function read(ts: number) {
    asked = ts
    const got = await call(() => api.api.games({ id: gameId }).danger.get())
    if (asked !== ts) return
    if (got.ok) {
      const was = map.value
      map.value = got.data
      if (got.data.winning && (fresh || !was?.winning)) deps.announce?.('winning')
      else if (fresh) deps.announce?.(got.data.cells.length > 0 ? 'legend' : 'quiet')
      fresh = false
    } else if (got.code === 'PRO_REQUIRED') {
      on.value = false
      invite.value = true
    }
  }

  return {
    on,
    invite,
    offered,
    needsPro,
    current,
    /** Turns the map on or off; without PRO in a game between people, opens the invitation. */
    toggle() {
      if (needsPro.value) {
        invite.value = true
        return
      }
      on.value = !on.value
      fresh = on.value
      // A map already read for this version is explained at once.
      const m = map.value
      if (on.value && m && m.ts === game.value?.ts) {
        fresh = false
        deps.announce?.(m.winning ? 'winning' : m.cells.length > 0 ? 'legend' : 'quiet')
      }
    },
    /** Keeps the map in step with the game while it is on; answers the undo. */
    start(): () => void {
      return effect(() => {
        const g = game.value
        if (!on.value || !g || g.state !== 'active' || side.value === null) return
        if (g.ts !== asked) void read(g.ts)
      })
    },
  }
}

export type Danger = ReturnType<typeof createDanger>
