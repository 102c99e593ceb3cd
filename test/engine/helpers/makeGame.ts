/**
 * Tiny games for clock, end, stats and awards tests, built from a text board. Each cell is a letter
 * and an owner mark: `0` or `1` for a side, `.` for neutral; `:N` sets its score (default 5 on the
 * base rows, 1 elsewhere). Row 0 is side 0's base, the last row side 1's.
 *
 *   a0 b0 c0
 *   d. e1 f.
 *   g1 h1 i1
 *
 * Self-contained on purpose: it builds the Game literal itself, so it does not move when game
 * creation changes.
 */
import {
  BOOSTER_IDS,
  BOOSTER_PRICES,
  type Cell,
  type Game,
  type GameMode,
  type GameStateName,
  recomputeAvailability,
  type Side,
  TIME_MODE_CONFIG,
  type TimeMode,
  type TurnFacts,
} from '../../../engine/index.ts'
import { emptyGameStats } from '../../../engine/stats.ts'

export const T0 = 1_800_000_000_000

export const BOARD3 = `
  a0 b0 c0
  d. e. f.
  g1 h1 i1
`

export function cellsFromText(text: string): { size: number; cells: Cell[] } {
  const rows = text
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
  const size = rows.length
  const cells: Cell[] = rows.flat().map((token, id) => {
    const m = /^(.)([01.])(?::(\d+))?$/u.exec(token)
    if (!m || rows[Math.floor(id / size)].length !== size) throw new Error(`bad board near "${token}"`)
    const row = Math.floor(id / size)
    const isBase = row === 0 || row === size - 1
    return {
      id,
      row,
      col: id % size,
      owner: m[2] === '.' ? 9 : (Number(m[2]) as Side),
      taken_count: 0,
      score: m[3] ? Number(m[3]) : isBase ? 5 : 1,
      letter: m[1],
      available: null,
      is_base: isBase,
      lastTurnPlayed: null,
      specials: {},
    }
  })
  return { size, cells }
}

export interface MakeGame {
  timeMode?: TimeMode
  mode?: GameMode
  state?: GameStateName
  /** Side to move (active games). */
  mover?: Side
  /** Banks in seconds; default the mode's total. */
  timeleft?: [number, number]
  skips?: [number, number]
  scores?: [number, number]
  boostersOn?: boolean
  isPrivate?: boolean
  id?: string
}

/**
 * A game on a text board. `active` (default): started at T0, `mover` (0) to move since T0.
 * `new`: created at T0. `countingDown`: countdown began at T0.
 */
export function makeGame(board = BOARD3, o: MakeGame = {}): Game {
  const { size, cells } = cellsFromText(board)
  const timeMode = o.timeMode ?? 'classic'
  const state = o.state ?? 'active'
  const total = TIME_MODE_CONFIG[timeMode].total
  const started = state === 'active' || state === 'over'
  const createdAt = state === 'new' ? T0 : T0 - 28_000
  const player = (side: Side) => ({
    user: { id: `u${side}`, name: `P${side}`, avatar: null },
    score: o.scores?.[side] ?? 0,
    boosters:
      o.boostersOn === false
        ? []
        : BOOSTER_IDS.map((id) => ({ id, basePrice: BOOSTER_PRICES[id], usage: 0, isAvailable: false })),
    timeleft: o.timeleft?.[side] ?? total,
    skips: o.skips?.[side] ?? 0,
    hintsUsed: 0,
  })
  const game: Game = {
    id: o.id ?? 'game-1',
    type: TIME_MODE_CONFIG[timeMode].turnLimit > 0 ? 'blitz' : 'classic',
    mode: o.mode ?? 'pvp',
    state,
    lang: 'en',
    options: {
      boostersOn: o.boostersOn ?? true,
      hintsOn: true,
      dictType: 'default',
      boardSize: 5,
      boardType: 'default',
      timeMode,
    },
    opponents: ['u0', 'u1'],
    players: [player(0), player(1)],
    board: { size, cells },
    turn: 0,
    turnAvailable: started ? (o.mover ?? 0) : null,
    turnStartedAt: started ? T0 : null,
    countdownAt: state === 'new' ? null : state === 'countingDown' ? T0 : T0 - 3_000,
    startedAt: started ? T0 : null,
    finishedAt: null,
    createdAt,
    updatedAt: createdAt,
    expiredAt: createdAt + 24 * 3600_000,
    wordsUsed: [],
    isPrivate: o.isPrivate ?? false,
    isFinished: false,
    winner: null,
    gameoverReason: null,
    ready: [false, false],
    fsignals: [false, false],
    ts: 1,
    stats: [emptyGameStats(), emptyGameStats()],
    awards: [
      { a: {}, b: {} },
      { a: {}, b: {} },
    ],
  }
  recomputeAvailability(game.board)
  return game
}

/**
 * Plays `cellIds` for `side` on a copy, the way an accepted turn changes the board (captures give the
 * cell to the side, +1 to its score, its old score to the player), and answers the copy and the
 * turn's facts. No dictionary, no rule checks: the tests feed it turns they know are legal.
 */
export function playOn(
  game: Game,
  side: Side,
  cellIds: number[],
  extra: { booster?: TurnFacts['booster']; seconds?: number } = {},
): { draft: Game; facts: TurnFacts } {
  const draft = structuredClone(game)
  const captured: TurnFacts['captured'] = []
  let score = 0
  for (const id of cellIds) {
    const cell = draft.board.cells[id]
    if (cell.owner === side) continue
    const baseOf = cell.is_base ? (cell.row === 0 ? 0 : 1) : null
    captured.push({ cellId: id, prevOwner: cell.owner, prevScore: cell.score, isBase: cell.is_base, baseOf })
    score += cell.score
    cell.owner = side
    cell.score++
    cell.taken_count++
  }
  draft.players[side].score += score
  if (extra.booster) {
    const booster = draft.players[side].boosters.find((b) => b.id === extra.booster?.boosterId)!
    booster.usage++
  }
  recomputeAvailability(draft.board)
  const word = cellIds.map((id) => draft.board.cells[id].letter).join('')
  return {
    draft,
    facts: { side, word, cellIds, captured, score, booster: extra.booster, seconds: extra.seconds ?? 0 },
  }
}
