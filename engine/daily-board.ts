/**
 * The daily's board and secret word from its seed (RULES §9): drawn with board generation and the
 * move generator, so they sit behind the server's door (engine/server.ts).
 */
import { BOARD, DEFAULT_OPTIONS } from './config.ts'
import { SECRET_LENGTH } from './daily.ts'
import type { Dictionary } from './dictionary/flat.ts'
import { generateBoard } from './generate.ts'
import { fairBoardRule } from './openings.ts'
import { createRng } from './rng.ts'
import { inputFromCells } from './solver/board.ts'
import { createMoveGenerator } from './solver/generator.ts'
import type { Board, Lang } from './types.ts'

/** The day's board: drawn from its seed until each side has its opening words (RULES §1) and it is fair. */
export function dailyBoard(seed: number, lang: Lang, dict: Dictionary): Board {
  return generateBoard({
    size: DEFAULT_OPTIONS.boardSize,
    lang,
    boardType: DEFAULT_OPTIONS.boardType,
    seed,
    accept: fairBoardRule(dict),
  }).board
}

/**
 * The secret word hidden on a board: one of the words any path on it spells (whoever owns the
 * cells), of SECRET_LENGTH letters when there are such, drawn from the seed. Null for a board
 * without any word.
 */
export function dailySecret(board: Board, dict: Dictionary, seed: number): string | null {
  const open = board.cells.map((c) => ({ letter: c.letter, available: 'any' as const, owner: c.owner }))
  const input = inputFromCells(open, board.size, board.size, 0, dict)
  // Nothing is "own" here: every path counts, not only those that capture.
  input.own.fill(0)
  const gen = createMoveGenerator(board.cells.length)
  const count = gen.generate(input, dict)
  const words = new Set<string>()
  for (let i = 0; i < count; i++) words.add(gen.word(i))
  const all = [...words].sort()
  const fit = all.filter((w) => w.length >= SECRET_LENGTH.min && w.length <= SECRET_LENGTH.max)
  const pool = fit.length ? fit : all.filter((w) => w.length >= BOARD.minWordLength)
  if (!pool.length) return null
  return pool[createRng(seed ^ 0x5ec7e7).int(pool.length)]
}
