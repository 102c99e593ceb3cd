/**
 * Very hard (RULES §8): hard plus a look-ahead at the opponent's best reply, and boosters when they
 * pay. Each of the best few words is played for real (applyTurn: every rule, booster effects and the
 * end of the game included); the opponent answers with its best reply by the same heuristic, and the
 * word whose position after that reply is best for us wins (2-ply minimax). Boosters are tried on the
 * best few words: a freeze on a cell of the reply that hurts most, a strike on an enemy cell that
 * reaches our base or carries that reply. One is kept only when the position it leads to, its price
 * taken off our points, is better than without it.
 */
import { isInBaseRowOf, neighbourTable } from '../board.ts'
import { boosterCost } from '../boosters.ts'
import { applyTurn } from '../turn.ts'
import type { BoosterId, BoosterUse, Game, Side, WordChecker } from '../types.ts'
import { type Move, moveValue, positionOf, positionValue, WIN_SCORE } from './evaluate.ts'
import { freshMoves, type MoveSource, type Scored } from './rank.ts'
import { AI } from './tuning.ts'

export interface Decision {
  word: string
  cellIds: number[]
  booster?: BoosterUse
}

export interface LookAhead {
  game: Game
  dict: WordChecker
  source: MoveSource
  side: Side
  /** Replies evaluated and turns looked at so far: the look-ahead stops widening past its budget. */
  work: number
  lookups: number
}

export interface Judged {
  decision: Decision
  /** Our value after the opponent's best reply. */
  value: number
  /** That reply (null: the game ended, or the opponent has no word). */
  reply: Move | null
}

const other = (side: Side): Side => (side === 0 ? 1 : 0)

/** Plays `decision` and answers how good it is for us once the opponent has replied at its best. */
export function judge(ctx: LookAhead, decision: Decision): Judged | null {
  const played = applyTurn(
    ctx.game,
    { side: ctx.side, cellIds: decision.cellIds, booster: decision.booster },
    ctx.dict,
    ctx.game.turnStartedAt ?? 0,
  )
  ctx.lookups++
  if (!played.ok) return null
  const after = played.value.game
  if (after.state !== 'active')
    return { decision, value: after.winner === ctx.side ? WIN_SCORE : -WIN_SCORE, reply: null }
  const enemy = other(ctx.side)
  const pos = positionOf(after)
  const replies = freshMoves(after, enemy, ctx.source)
  // No reply: the opponent cannot move (it gives up, or a player may let the clock run); valued as it stands.
  if (!replies.length) return { decision, value: positionValue(pos, ctx.side), reply: null }
  ctx.work += replies.length
  let best = Number.NEGATIVE_INFINITY
  let reply: Move | null = null
  for (const r of replies) {
    const v = moveValue(pos, enemy, r)
    if (v > best) {
      best = v
      reply = r
    }
  }
  return { decision, value: best >= WIN_SCORE ? -WIN_SCORE : -best, reply }
}

/** Booster choices worth trying against `reply` after our word: freeze its cells, strike enemy cells. */
function boosterOptions(ctx: LookAhead, judged: Judged): BoosterUse[] {
  const { game, side } = ctx
  const player = game.players[side]
  if (!game.options.boostersOn) return []
  const affordable = (id: BoosterId) => {
    const cost = boosterCost(player, id)
    return cost !== null && player.score >= cost
  }
  const board = game.board
  const enemy = other(side)
  const ours = new Set(judged.decision.cellIds)
  const out: BoosterUse[] = []
  const replyCells = judged.reply?.cellIds ?? []
  if (affordable('freeze')) {
    // The reply's cells in our base row first: freezing one keeps it ours through the reply.
    const inBase = (id: number) => (isInBaseRowOf(board, id, side) ? 0 : 1)
    const cells = replyCells.filter((id) => !ours.has(id) && !board.cells[id].specials.freeze)
    for (const id of cells.sort((a, b) => inBase(a) - inBase(b) || a - b))
      out.push({ boosterId: 'freeze', cellId: id })
  }
  if (affordable('strike')) {
    // Enemy cells (outside its base row) next to our base row, then those on the reply's path.
    const targets = new Set<number>()
    const table = neighbourTable(board.size)
    for (const cell of board.cells) {
      if (!isInBaseRowOf(board, cell.id, side) || cell.owner !== side) continue
      for (const nb of table[cell.id]) targets.add(nb)
    }
    for (const id of replyCells) targets.add(id)
    for (const id of targets) {
      const cell = board.cells[id]
      // A cell our word captures anyway is no target.
      if (cell.owner === enemy && !ours.has(id) && !isInBaseRowOf(board, id, enemy) && !cell.specials.freeze)
        out.push({ boosterId: 'strike', cellId: id })
    }
  }
  return out
}

// The work is counted in replies evaluated and turns looked at (each one a move generation), not
// in time, so that a seed always gives the same move.
const spent = (ctx: LookAhead) => ctx.work >= AI.veryHard.replyBudget || ctx.lookups >= AI.veryHard.maxLookups

/**
 * The look-ahead without boosters: the best `candidates` words (at least `minCandidates`, more while
 * the budget lasts), each judged by the opponent's best reply, best first. The post-game review
 * judges words with this very function, so it agrees with what very hard would have played.
 */
export function judgeWords(ctx: LookAhead, ranked: readonly Scored[]): Judged[] {
  const { candidates, minCandidates } = AI.veryHard
  const judged: Judged[] = []
  for (const cand of ranked.slice(0, candidates)) {
    if (judged.length >= minCandidates && spent(ctx)) break
    const j = judge(ctx, { word: cand.move.word, cellIds: cand.move.cellIds })
    if (j) judged.push(j)
  }
  return judged.sort((a, b) => b.value - a.value)
}

export function veryHard(ctx: LookAhead, ranked: readonly Scored[]): Decision {
  const top = ranked[0].move
  if (ranked[0].value >= WIN_SCORE) return { word: top.word, cellIds: top.cellIds }
  const { boosterCandidates, boosterMargin } = AI.veryHard
  const judged = judgeWords(ctx, ranked)
  if (!judged.length) return { word: top.word, cellIds: top.cellIds }
  let best = judged[0]
  for (const plain of judged.slice(0, boosterCandidates)) {
    for (const booster of boosterOptions(ctx, plain)) {
      if (spent(ctx)) return best.decision
      const j = judge(ctx, { ...plain.decision, booster })
      if (j && j.value > best.value + boosterMargin) best = j
    }
  }
  return best.decision
}
