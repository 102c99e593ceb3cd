/** Boosters (RULES §5): costs, the check of a choice, and its effect on a draft. */
import { isValidLetter } from './alphabet/index.ts'
import { isFrozen, isInBaseRowOf, updateAvailability } from './board.ts'
import { HINT } from './config.ts'
import { ErrorCode, fail, ok, type Result } from './errors.ts'
import type { BoosterId, BoosterUse, Game, GameView, Player, Side } from './types.ts'
import { BOOSTER_IDS } from './types.ts'

export function boosterCost(player: Player, boosterId: BoosterId): number | null {
  const b = player.boosters.find((x) => x.id === boosterId)
  return b ? b.basePrice * 2 ** b.usage : null
}

/** Cost of the player's next hint: 10 · 2^(hints used). */
export function hintCost(player: Player): number {
  return HINT.basePrice * 2 ** player.hintsUsed
}

/** Marks each booster available when the player's score covers its current cost (SPEC.md §4). */
export function refreshBoosterAvailabilityDraft(draft: GameView): void {
  for (const p of draft.players)
    for (const b of p.boosters) b.isAvailable = p.score >= b.basePrice * 2 ** b.usage
}

/**
 * Checks a booster choice against the position (not the turn order: the caller does that).
 * Answers the cost it would have.
 */
export function checkBoosterTarget(game: GameView, side: Side, use: BoosterUse): Result<{ cost: number }> {
  if (!game.options.boostersOn || !BOOSTER_IDS.includes(use.boosterId)) return fail(ErrorCode.BAD_REQUEST)
  const cell = Number.isInteger(use.cellId) ? game.board.cells[use.cellId] : undefined
  if (!cell) return fail(ErrorCode.BAD_CELLS)
  if (isFrozen(cell)) return fail(ErrorCode.BAD_CELLS)
  const enemy: Side = side === 0 ? 1 : 0
  if (use.boosterId === 'strike') {
    if (cell.owner !== enemy || isInBaseRowOf(game.board, cell.id, enemy)) return fail(ErrorCode.BAD_CELLS)
  }
  if (use.boosterId === 'mutation') {
    if (isInBaseRowOf(game.board, cell.id, enemy)) return fail(ErrorCode.BAD_CELLS)
    if (!isValidLetter(game.lang, use.mutationLetter) || use.mutationLetter === cell.letter) {
      return fail(ErrorCode.BAD_REQUEST)
    }
  }
  const cost = boosterCost(game.players[side], use.boosterId)
  if (cost === null) return fail(ErrorCode.BAD_REQUEST)
  if (game.players[side].score < cost) return fail(ErrorCode.NO_SCORE_ENOUGH)
  return ok({ cost })
}

/** Applies a checked booster to a draft: pays, counts the use, changes the cell, re-derives availability. */
export function applyBoosterDraft(draft: Game, side: Side, use: BoosterUse, cost: number): void {
  const player = draft.players[side]
  player.score -= cost
  const booster = player.boosters.find((b) => b.id === use.boosterId)!
  booster.usage++
  const cell = draft.board.cells[use.cellId]
  // Every special lasts through the opponent's next turn: freeze for its effect, the others for display.
  const activeTillTurn = draft.turn + 1
  if (use.boosterId === 'freeze') {
    cell.specials.freeze = { side, boosterId: 'freeze', cellId: cell.id, activeTillTurn }
  } else if (use.boosterId === 'strike') {
    cell.owner = 9
    cell.specials.strike = { side, boosterId: 'strike', cellId: cell.id, activeTillTurn }
  } else {
    const oldLetter = cell.specials.mutation?.oldLetter ?? cell.letter
    cell.letter = use.mutationLetter!
    cell.specials.mutation = {
      side,
      boosterId: 'mutation',
      cellId: cell.id,
      activeTillTurn,
      oldLetter,
      mutationLetter: use.mutationLetter,
    }
  }
  updateAvailability(draft.board, [cell.id])
}
