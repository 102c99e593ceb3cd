/** Small in-game actions beside the turn: the booster check and paying for a hint. */
import { checkBoosterTarget, hintCost, refreshBoosterAvailabilityDraft } from './boosters.ts'
import { cloneData } from './clone.ts'
import { ErrorCode, fail, ok, type Result } from './errors.ts'
import { hintInProgress, hintPrices, hintStepCost, revealHint } from './hint.ts'
import { checkTurnOrder, commitDraft, type Transition } from './turn.ts'
import type { BoosterUse, Game, HintGrade, Side } from './types.ts'

/** `game/booster`: answers what the booster would cost now, changing nothing. */
export function checkBooster(game: Game, side: Side, use: BoosterUse, now: number): Result<{ cost: number }> {
  const order = checkTurnOrder(game, side, now)
  if (!order.ok) return order
  return checkBoosterTarget(game, side, use)
}

export interface HintShown {
  cellIds: number[]
  grade: HintGrade
  cost: number
  firstCellId?: number
  /** What the next grades of this hint cost now (null: bought). */
  prices: Record<HintGrade, number | null>
}

/**
 * `game/hint`: `cellIds` is the word the hint chooser found for the side (null when there is none);
 * a hint already started on this turn goes on with its own word instead. The client sends the cost
 * it showed; another cost means it showed a stale price.
 */
export function applyHint(
  game: Game,
  side: Side,
  shownCost: number,
  cellIds: readonly number[] | null,
  now: number,
  grade: HintGrade = 'word',
): Result<Transition & HintShown> {
  const order = checkTurnOrder(game, side, now)
  if (!order.ok) return order
  if (!game.options.hintsOn) return fail(ErrorCode.BAD_REQUEST)
  const cost = hintStepCost(game, side, grade)
  if (cost === null || shownCost !== cost) return fail(ErrorCode.BAD_REQUEST)
  if (game.players[side].score < cost) return fail(ErrorCode.NO_SCORE_ENOUGH)
  const progress = hintInProgress(game, side)
  const path = progress?.cellIds ?? cellIds
  if (!path || path.length === 0) return fail(ErrorCode.HINT_ERROR)
  const draft = cloneData(game)
  draft.players[side].score -= cost
  if (!progress) {
    draft.players[side].hintsUsed++
    draft.stats[side].hintsUsed++
  }
  const hints = draft.hints ?? [null, null]
  hints[side] = {
    turn: game.turn,
    base: progress?.base ?? hintCost(game.players[side]),
    grade,
    cellIds: [...path],
  }
  draft.hints = hints
  refreshBoosterAvailabilityDraft(draft)
  const changes = commitDraft(game, draft, now)
  const shown = revealHint(path, grade)
  return ok({
    game: draft,
    events: [{ type: 'hint', side, ...shown, grade, cost }],
    changes,
    ...shown,
    grade,
    cost,
    prices: hintPrices(draft, side),
  })
}
