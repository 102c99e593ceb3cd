/** Small in-game actions beside the turn: the booster check and paying for a hint. */
import { checkBoosterTarget, hintCost, refreshBoosterAvailabilityDraft } from './boosters.ts'
import { ErrorCode, fail, ok, type Result } from './errors.ts'
import { checkTurnOrder, commitDraft, type Transition } from './turn.ts'
import type { BoosterUse, Game, Side } from './types.ts'

/** `game/booster`: answers what the booster would cost now, changing nothing. */
export function checkBooster(game: Game, side: Side, use: BoosterUse, now: number): Result<{ cost: number }> {
  const order = checkTurnOrder(game, side, now)
  if (!order.ok) return order
  return checkBoosterTarget(game, side, use)
}

/**
 * `game/hint`: `cellIds` is the word the hint chooser found for the side (null when there is none).
 * The client sends the cost it showed; another cost means it showed a stale price.
 */
export function applyHint(
  game: Game,
  side: Side,
  shownCost: number,
  cellIds: readonly number[] | null,
  now: number,
): Result<Transition & { cellIds: number[] }> {
  const order = checkTurnOrder(game, side, now)
  if (!order.ok) return order
  if (!game.options.hintsOn) return fail(ErrorCode.BAD_REQUEST)
  const cost = hintCost(game.players[side])
  if (shownCost !== cost) return fail(ErrorCode.BAD_REQUEST)
  if (game.players[side].score < cost) return fail(ErrorCode.NO_SCORE_ENOUGH)
  if (!cellIds || cellIds.length === 0) return fail(ErrorCode.HINT_ERROR)
  const draft = structuredClone(game)
  draft.players[side].score -= cost
  draft.players[side].hintsUsed++
  draft.stats[side].hintsUsed++
  refreshBoosterAvailabilityDraft(draft)
  const changes = commitDraft(game, draft, now)
  return ok({
    game: draft,
    events: [{ type: 'hint', side, cellIds: [...cellIds] }],
    changes,
    cellIds: [...cellIds],
  })
}
