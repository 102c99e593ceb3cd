/**
 * Graded hints (RULES §6 extended): one good word sold in steps. `area` shows the cells the word
 * touches in id order, `letter` adds which of them comes first, `word` gives the path in order. The
 * steps of one hint share its base price (10 · 2^hints used before it) and count as one hint; a hint
 * lasts for the turn it was started on, until its word is shown. A step at or below the grade already
 * bought teaches nothing and is refused. Without a grade a request is a `word` hint, as before.
 */
import { hintCost } from './boosters.ts'
import { HINT } from './config.ts'
import type { Game, HintGrade, HintProgress, Side } from './types.ts'
import { HINT_GRADES } from './types.ts'

const order = (grade: HintGrade) => HINT_GRADES.indexOf(grade)

/**
 * The hint `side` is being shown on this turn, or null: none yet, one from an earlier turn, or one
 * already shown whole (the next request starts a new hint, as a second hint always could).
 */
export function hintInProgress(game: Game, side: Side): HintProgress | null {
  const progress = game.hints?.[side] ?? null
  return progress && progress.turn === game.turn && progress.grade !== 'word' ? progress : null
}

/** The price of `grade` for `side` now, or null when that grade was already bought on this hint. */
export function hintStepCost(game: Game, side: Side, grade: HintGrade): number | null {
  const progress = hintInProgress(game, side)
  if (progress && order(grade) <= order(progress.grade)) return null
  const base = progress?.base ?? hintCost(game.players[side])
  return Math.ceil(base * HINT.gradeShare[grade])
}

/** What each grade would cost `side` now (null: already bought), for the client to show. */
export function hintPrices(game: Game, side: Side): Record<HintGrade, number | null> {
  return {
    area: hintStepCost(game, side, 'area'),
    letter: hintStepCost(game, side, 'letter'),
    word: hintStepCost(game, side, 'word'),
  }
}

/** What a grade shows of a word's path. */
export function revealHint(
  path: readonly number[],
  grade: HintGrade,
): { cellIds: number[]; firstCellId?: number } {
  if (grade === 'word') return { cellIds: [...path] }
  const cellIds = [...path].sort((a, b) => a - b)
  return grade === 'letter' ? { cellIds, firstCellId: path[0] } : { cellIds }
}
