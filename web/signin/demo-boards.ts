import type { Lang } from '../../shared/i18n.ts'

/** A word of the demo: who plays it and its cells as [row, col], in spelling order. */
export interface DemoMove {
  side: 0 | 1
  cells: readonly (readonly [number, number])[]
}

export interface DemoBoard {
  /** Five rows of five letters; row 0 is the opponent's base, the last row yours (you at the bottom). */
  rows: readonly string[]
  moves: readonly DemoMove[]
}

const row = (r: number, length: number) => Array.from({ length }, (_, c) => [r, c] as const)

/**
 * The same little game in every language: you spell a word along the row above your base, the
 * opponent answers along the row under theirs, you push on along the middle row. `lengths` are the
 * three words' lengths, each read from the left of its row.
 */
function game(rows: readonly string[], lengths: readonly [number, number, number]): DemoBoard {
  return {
    rows,
    moves: [
      { side: 0, cells: row(3, lengths[0]) },
      { side: 1, cells: row(1, lengths[1]) },
      { side: 0, cells: row(2, lengths[2]) },
    ],
  }
}

/** Real words of each language's default dictionary (Russian: nominative singular nouns). */
export const DEMO_BOARDS: Record<Lang, DemoBoard> = {
  en: game(['STARE', 'LINKO', 'WORDS', 'PLAYM', 'GAMET'], [4, 4, 4]),
  ru: game(['БАЗАР', 'ЛИСАК', 'СЛОВО', 'ИГРАН', 'ДОМЕТ'], [4, 4, 5]),
  es: game(['SOLAR', 'CASAN', 'LUNAS', 'MESAR', 'PATIO'], [4, 4, 4]),
}

/** The word a move spells on its board. */
export function wordOf(board: DemoBoard, move: DemoMove): string {
  return move.cells.map(([r, c]) => board.rows[r][c]).join('')
}

/**
 * When things happen in the loop, in percent of it (CSS reads these): each letter is picked
 * `PICK_GAP` after the one before, taken `TAKE_AFTER` after it was picked; a word's chip shows
 * once its last letter is taken, until the next word's does; everything resets at `RESET`.
 */
export const DEMO_TIMING = { first: 3, gap: 27, pickGap: 2.2, takeAfter: 10, reset: 92 } as const

/** The moment (percent of the loop) letter `step` of move `m` is picked. */
export const pickedAt = (m: number, step: number) =>
  DEMO_TIMING.first + m * DEMO_TIMING.gap + step * DEMO_TIMING.pickGap

/** The moment move `m`'s last letter is taken: its chip appears. */
export const wordAt = (board: DemoBoard, m: number) =>
  pickedAt(m, board.moves[m].cells.length - 1) + DEMO_TIMING.takeAfter
