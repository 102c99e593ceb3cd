/** Seeded board generation (RULES §1). */
import { ALPHABETS, type Alphabet } from './alphabet/index.ts'
import { boardFromLetters } from './board.ts'
import { BOARD } from './config.ts'
import { createRng, pickWeighted, type Rng } from './rng.ts'
import type { Board, BoardType, Lang } from './types.ts'

export interface GenerateOptions {
  size: number
  lang: Lang
  boardType: BoardType
  seed: number
  /**
   * Accepts or rejects a drawn board; the move generator plugs in here with the "at least 10 playable
   * openings per side" rule. Without it every draw that meets the letter constraints is accepted.
   */
  accept?: (board: Board) => boolean
  maxDraws?: number
}

export interface GeneratedBoard {
  board: Board
  /** How many boards were drawn; `accepted` false when none passed within maxDraws (the last is kept). */
  draws: number
  accepted: boolean
}

/** Letters a board may draw from, with their weights. */
function pool(alphabet: Alphabet, boardType: BoardType): { letters: string[]; weights: number[] } {
  const letters = boardType === 'easy' ? [...alphabet.easy] : [...alphabet.letters]
  return { letters, weights: letters.map((l) => alphabet.weights[l]) }
}

/** One row meeting the per-row rules; `hardLeft` caps hard letters still allowed on the board. */
function drawRow(
  rng: Rng,
  alphabet: Alphabet,
  boardType: BoardType,
  cols: number,
  hardLeft: number,
): string[] {
  const all = pool(alphabet, boardType)
  const soft = {
    letters: all.letters.filter((l) => !alphabet.hard.has(l)),
    weights: all.letters.filter((l) => !alphabet.hard.has(l)).map((l) => alphabet.weights[l]),
  }
  const vowels = all.letters.filter((l) => alphabet.vowels.has(l) && !alphabet.hard.has(l))
  const vowelWeights = vowels.map((l) => alphabet.weights[l])
  const row: string[] = []
  let hardInRow = 0
  for (let c = 0; c < cols; c++) {
    const hardAllowed = hardInRow < BOARD.maxHardLettersPerRow && hardLeft - hardInRow > 0
    const from = hardAllowed ? all : soft
    const letter = from.letters[pickWeighted(rng, from.weights)]
    if (alphabet.hard.has(letter)) hardInRow++
    row.push(letter)
  }
  // Top the row up to the minimum of vowels by replacing random consonants, never a hard letter's slot count.
  let vowelCount = row.filter((l) => alphabet.vowels.has(l)).length
  while (vowelCount < BOARD.minVowelsPerRow) {
    const slots = row.map((l, i) => (alphabet.vowels.has(l) ? -1 : i)).filter((i) => i >= 0)
    const at = slots[rng.int(slots.length)]
    row[at] = vowels[pickWeighted(rng, vowelWeights)]
    vowelCount++
  }
  return row
}

export function drawLetters(rng: Rng, lang: Lang, boardType: BoardType, size: number): string[] {
  const alphabet = ALPHABETS[lang]
  const letters: string[] = []
  let hardLeft = boardType === 'easy' ? 0 : BOARD.maxHardLetters
  for (let r = 0; r < size; r++) {
    const row = drawRow(rng, alphabet, boardType, size, hardLeft)
    hardLeft -= row.filter((l) => alphabet.hard.has(l)).length
    letters.push(...row)
  }
  return letters
}

/** Draws boards from the seed until one is accepted; bounded, so it never loops forever. */
export function generateBoard(options: GenerateOptions): GeneratedBoard {
  const rng = createRng(options.seed)
  const maxDraws = options.maxDraws ?? BOARD.maxDraws
  let board = boardFromLetters(drawLetters(rng, options.lang, options.boardType, options.size), options.size)
  for (let draws = 1; ; draws++) {
    if (!options.accept || options.accept(board)) return { board, draws, accepted: true }
    if (draws >= maxDraws) return { board, draws, accepted: false }
    board = boardFromLetters(drawLetters(rng, options.lang, options.boardType, options.size), options.size)
  }
}
