/**
 * Games drawn as text for readable tests. Each cell is a letter and an owner mark:
 * `0` or `1` for a side, `.` for neutral; `:N` sets its score, `*` freezes it (until turn 1).
 *
 *   к0 о0 т0        row 0: player 0's base
 *   а. б. в.
 *   с1 л1 н1        last row: player 1's base
 */
import {
  boardFromLetters,
  createGame,
  type Game,
  type GameOptions,
  recomputeAvailability,
  type Side,
  type WordChecker,
} from '../../../engine/index.ts'

export const T0 = 1_700_000_000_000

export function parseCells(text: string) {
  const rows = text
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
  const size = rows.length
  for (const r of rows) if (r.length !== size) throw new Error(`board is not square: ${text}`)
  return { size, tokens: rows.flat() }
}

export function boardFromText(text: string) {
  const { size, tokens } = parseCells(text)
  const parsed = tokens.map((tok) => {
    const m = /^(.)([01.])(?::(\d+))?(\*)?$/u.exec(tok)
    if (!m) throw new Error(`bad cell token ${tok}`)
    return { letter: m[1], owner: m[2] === '.' ? 9 : (Number(m[2]) as Side), score: m[3], frozen: !!m[4] }
  })
  const board = boardFromLetters(
    parsed.map((p) => p.letter),
    size,
  )
  parsed.forEach((p, id) => {
    const cell = board.cells[id]
    cell.owner = p.owner as 0 | 1 | 9
    if (p.score) cell.score = Number(p.score)
    if (p.frozen) cell.specials.freeze = { side: 1, boosterId: 'freeze', cellId: id, activeTillTurn: 1 }
  })
  recomputeAvailability(board)
  return board
}

/** An active game on a text board, side `first` to move at T0. */
export function activeGame(
  text: string,
  opts: Partial<GameOptions> & { first?: Side; lang?: 'ru' | 'en' } = {},
): Game {
  const { first = 0, lang = 'en', ...options } = opts
  const game = createGame({
    id: 'g1',
    mode: 'pvp',
    lang,
    options: { timeMode: 'classic', ...options },
    users: [
      { id: 'u0', name: 'Ann', avatar: null },
      { id: 'u1', name: 'Bob', avatar: null },
    ],
    board: boardFromText(text),
    now: T0 - 10_000,
  })
  game.state = 'active'
  game.startedAt = T0
  game.countdownAt = T0 - 3_000
  game.turnAvailable = first
  game.turnStartedAt = T0
  return game
}

export function words(...list: string[]): WordChecker {
  const set = new Set(list)
  return { has: (w) => set.has(w) }
}

/** Draws the owners of a board back as text, for assertions a reader can check. */
export function ownersText(game: Game): string {
  const { size, cells } = game.board
  const rows: string[] = []
  for (let r = 0; r < size; r++) {
    rows.push(
      cells
        .slice(r * size, r * size + size)
        .map((c) => `${c.letter}${c.owner === 9 ? '.' : c.owner}`)
        .join(' '),
    )
  }
  return rows.join('\n')
}

export function availabilityText(game: Game): string {
  const { size, cells } = game.board
  const mark = (a: unknown) => (a === 'any' ? '*' : a === null ? '-' : String(a))
  const rows: string[] = []
  for (let r = 0; r < size; r++)
    rows.push(
      cells
        .slice(r * size, r * size + size)
        .map((c) => mark(c.available))
        .join(' '),
    )
  return rows.join('\n')
}
