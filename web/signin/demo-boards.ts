import type { Lang } from '../i18n.ts'

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

const row = (r: number, from: number, length: number) =>
  Array.from({ length }, (_, i) => [r, from + i] as const)

/**
 * The sign-in page's little game: you spell a word from your base, the opponent answers, you push on.
 * Real words of each language's default dictionary (Russian: nominative singular nouns).
 */
export const DEMO_BOARDS: Record<Lang, DemoBoard> = {
  en: {
    rows: ['STARE', 'LINKO', 'WORDS', 'PLAYM', 'GAMET'],
    moves: [
      { side: 0, cells: row(3, 0, 4) },
      { side: 1, cells: row(1, 0, 4) },
      { side: 0, cells: row(2, 0, 4) },
    ],
  },
  ru: {
    rows: ['БАЗАР', 'ЛИСАК', 'СЛОВО', 'ИГРАН', 'ДОМЕТ'],
    moves: [
      { side: 0, cells: row(3, 0, 4) },
      { side: 1, cells: row(1, 0, 4) },
      { side: 0, cells: row(2, 0, 5) },
    ],
  },
  es: {
    rows: ['SOLAR', 'CASAN', 'LUNAS', 'MESAR', 'PATIO'],
    moves: [
      { side: 0, cells: row(3, 0, 4) },
      { side: 1, cells: row(1, 0, 4) },
      { side: 0, cells: row(2, 0, 4) },
    ],
  },
}

/** The word a move spells on its board. */
export function wordOf(board: DemoBoard, move: DemoMove): string {
  return move.cells.map(([r, c]) => board.rows[r][c]).join('')
}
