/** A turn (RULES §3): validation in rule order, then its all-or-nothing effect. */

import { turnAwardsDraft } from './awards.ts'
import { areNeighbours, isUsableBy, updateAvailability } from './board.ts'
import { applyBoosterDraft, checkBoosterTarget } from './boosters.ts'
import { isTimeUp, spendTurnTimeDraft } from './clock.ts'
import { BOARD } from './config.ts'
import { finishGameDraft, loserOf } from './end.ts'
import { ErrorCode, fail, ok, type Result } from './errors.ts'
import { passTurnDraft } from './pass.ts'
import { diff } from './patch.ts'
import { recordTurnDraft } from './stats.ts'
import type { BoosterUse, Game, HistoryEvent, Patch, Side, TurnFacts, WordChecker } from './types.ts'
import { toView } from './view.ts'

export interface TurnInput {
  side: Side
  cellIds: readonly number[]
  booster?: BoosterUse
}

export interface Transition {
  game: Game
  events: HistoryEvent[]
  /** Patch of the game view from the previous state (PROTOCOL.md). */
  changes: Patch
}

export interface TurnOutcome extends Transition {
  word: string
  /** Points this turn scored. */
  score: number
}

/** Rules 1-2 of RULES §3, shared by turns, booster checks and hints. */
export function checkTurnOrder(game: Game, side: Side, now: number): Result<null> {
  if (game.state !== 'active') return fail(ErrorCode.GAME_NOT_ACTIVE)
  if (game.turnAvailable !== side) return fail(ErrorCode.NOT_YOUR_TURN)
  if (isTimeUp(game, now)) return fail(ErrorCode.TIME_IS_UP)
  return ok(null)
}

function checkPath(game: Game, cellIds: readonly number[]): boolean {
  const count = game.board.cells.length
  const seen = new Set<number>()
  for (let i = 0; i < cellIds.length; i++) {
    const id = cellIds[i]
    if (!Number.isInteger(id) || id < 0 || id >= count || seen.has(id)) return false
    if (i > 0 && !areNeighbours(game.board.size, cellIds[i - 1], id)) return false
    seen.add(id)
  }
  return cellIds.length > 0
}

/** The word a path spells on the current board. */
export function wordOf(game: Pick<Game, 'board'>, cellIds: readonly number[]): string {
  return cellIds.map((id) => game.board.cells[id].letter).join('')
}

/** Finishes a transition: version, timestamp and the patch against the state it started from. */
export function commitDraft(before: Game, draft: Game, now: number): Patch {
  draft.updatedAt = now
  draft.ts = before.ts + 1
  return diff(toView(before), toView(draft))
}

/**
 * The capture step of a turn on a draft (RULES §3): each cell of the path not yet the side's becomes
 * its, worth one more; the side scores the cells' old values. No rule checks: applyTurn makes them.
 */
export function captureDraft(
  draft: Game,
  side: Side,
  cellIds: readonly number[],
): { captured: TurnFacts['captured']; score: number } {
  const cells = draft.board.cells
  const captured: TurnFacts['captured'] = []
  let score = 0
  for (const id of cellIds) {
    const cell = cells[id]
    cell.lastTurnPlayed = draft.turn
    if (cell.owner === side) continue
    const baseOf = cell.is_base ? (cell.row === 0 ? 0 : 1) : null
    captured.push({ cellId: id, prevOwner: cell.owner, prevScore: cell.score, isBase: cell.is_base, baseOf })
    score += cell.score
    cell.owner = side
    cell.taken_count++
    cell.score += BOARD.captureBonus
  }
  updateAvailability(draft.board, cellIds)
  draft.players[side].score += score
  return { captured, score }
}

export function applyTurn(game: Game, input: TurnInput, dict: WordChecker, now: number): Result<TurnOutcome> {
  const { side, cellIds } = input
  const order = checkTurnOrder(game, side, now)
  if (!order.ok) return order
  let cost = 0
  if (input.booster) {
    const checked = checkBoosterTarget(game, side, input.booster)
    if (!checked.ok) return checked
    cost = checked.value.cost
  }
  if (!Array.isArray(cellIds) || !checkPath(game, cellIds)) return fail(ErrorCode.BAD_CELLS)

  const draft = structuredClone(game)
  if (input.booster) applyBoosterDraft(draft, side, input.booster, cost)
  const cells = draft.board.cells
  if (!cellIds.every((id) => isUsableBy(cells[id], side))) return fail(ErrorCode.NOT_AVAILABLE_CELLS_USED)
  if (cellIds.every((id) => cells[id].owner === side)) return fail(ErrorCode.BAD_CELLS)
  const word = wordOf(draft, cellIds)
  if (word.length < BOARD.minWordLength || !dict.has(word)) return fail(ErrorCode.WORD_DOES_NOT_EXIST)
  if (draft.wordsUsed.includes(word)) return fail(ErrorCode.WORD_IS_ALREADY_USED)

  const { captured, score } = captureDraft(draft, side, cellIds)
  draft.wordsUsed.push(word)

  const facts: TurnFacts = {
    side,
    word,
    cellIds: [...cellIds],
    captured,
    score,
    booster: input.booster,
    seconds: draft.turnStartedAt === null ? 0 : Math.max(0, (now - draft.turnStartedAt) / 1000),
  }
  const events: HistoryEvent[] = [
    {
      type: 'turn',
      side,
      word,
      scoreReached: draft.players[side].score,
      cellIds: facts.cellIds,
      ...(input.booster ? { booster: input.booster } : {}),
      score,
    },
  ]
  recordTurnDraft(draft, facts)
  events.push(...turnAwardsDraft(draft, facts))
  spendTurnTimeDraft(draft, side, now)
  passTurnDraft(draft, now)
  const loser = loserOf(draft, side)
  if (loser !== null) events.push(...finishGameDraft(draft, (1 - loser) as Side, 'gameover', now))
  const changes = commitDraft(game, draft, now)
  return ok({ game: draft, events, changes, word, score })
}
