/** The five computer levels (RULES §8) and the hint choice (RULES §6), deterministic given the rng. */
import { boosterCost } from '../boosters.ts'
import type { Rng } from '../rng.ts'
import { applyTurn } from '../turn.ts'
import type { AiLevel, BoosterUse, Game, GameView, Side, WordChecker } from '../types.ts'
import { type Move, moveValue, type Position, positionOf, WIN_SCORE } from './evaluate.ts'

/** Every playable (word, path) for a side in a position; the move generator plugs in here. */
export type MoveSource = (game: GameView, side: Side) => Move[]

export interface Decision {
  word: string
  cellIds: number[]
  booster?: BoosterUse
}

interface Scored {
  move: Move
  value: number
}

function fresh(game: GameView, moves: Move[]): Move[] {
  const used = new Set(game.wordsUsed)
  return moves.filter((m) => !used.has(m.word))
}

/** Best path per word, sorted best first. */
function ranked(pos: Position, side: Side, moves: Move[]): Scored[] {
  const best = new Map<string, Scored>()
  for (const move of moves) {
    const value = moveValue(pos, side, move)
    const prev = best.get(move.word)
    if (!prev || value > prev.value) best.set(move.word, { move, value })
  }
  return [...best.values()].sort((a, b) => b.value - a.value || (a.move.word < b.move.word ? -1 : 1))
}

const pick = <T>(rng: Rng, list: readonly T[]): T => list[rng.int(list.length)]

function veryEasy(moves: Move[], rng: Rng): Move {
  const shortest = Math.min(...moves.map((m) => m.word.length))
  const short = moves.filter((m) => m.word.length <= Math.max(4, shortest))
  return pick(rng, short)
}

function easy(pos: Position, side: Side, moves: Move[], rng: Rng): Move {
  const byPoints = [...moves].sort(
    (a, b) => pointsOf(pos, side, a) - pointsOf(pos, side, b) || (a.word < b.word ? -1 : 1),
  )
  return pick(rng, byPoints.slice(0, Math.max(1, Math.ceil(byPoints.length / 2))))
}

function pointsOf(pos: Position, side: Side, move: Move): number {
  let pts = 0
  for (const id of move.cellIds) if (pos.owner[id] !== side) pts += pos.score[id]
  return pts
}

function medium(list: Scored[], rng: Rng): Move {
  if (list[0].value >= WIN_SCORE) return list[0].move
  // A good word with some randomness: one of the better third, the best ones likelier.
  const top = list.slice(0, Math.max(1, Math.min(8, Math.ceil(list.length / 3))))
  const weights = top.map((_, i) => 1 / (i + 1))
  let r = rng.next() * weights.reduce((a, b) => a + b, 0)
  for (let i = 0; i < top.length; i++) {
    r -= weights[i]
    if (r < 0) return top[i].move
  }
  return top[0].move
}

interface LookAhead {
  game: Game
  dict: WordChecker
  source: MoveSource
  side: Side
}

/** The opponent's best reply value after `move`, from the opponent's side (higher = worse for us). */
function replyValue(ctx: LookAhead, move: Move, booster?: BoosterUse): { value: number; reply: Move | null } {
  const after = applyTurn(
    ctx.game,
    { side: ctx.side, cellIds: move.cellIds, booster },
    ctx.dict,
    ctx.game.turnStartedAt ?? 0,
  )
  if (!after.ok) return { value: Number.POSITIVE_INFINITY, reply: null }
  if (after.value.game.state !== 'active') return { value: -WIN_SCORE, reply: null }
  const enemy: Side = ctx.side === 0 ? 1 : 0
  const replies = fresh(after.value.game, ctx.source(after.value.game, enemy))
  if (!replies.length) return { value: -WIN_SCORE / 2, reply: null }
  const best = ranked(positionOf(after.value.game), enemy, replies)[0]
  return { value: best.value, reply: best.move }
}

function veryHard(ctx: LookAhead, list: Scored[]): Decision {
  if (list[0].value >= WIN_SCORE) return { word: list[0].move.word, cellIds: list[0].move.cellIds }
  let best: { decision: Decision; value: number } | null = null
  for (const cand of list.slice(0, 6)) {
    const { value, reply } = replyValue(ctx, cand.move)
    let decision: Decision = { word: cand.move.word, cellIds: cand.move.cellIds }
    let total = cand.value - 0.8 * value
    // A freeze pays when it stops a reply that would win or break into our base.
    if (reply && value >= WIN_SCORE / 2) {
      const frozen = freezeAgainst(ctx, cand.move, reply)
      if (frozen) {
        const again = replyValue(ctx, cand.move, frozen)
        if (again.value < value) {
          decision = { ...decision, booster: frozen }
          total = cand.value - 0.8 * again.value
        }
      }
    }
    if (!best || total > best.value) best = { decision, value: total }
  }
  return best!.decision
}

function freezeAgainst(ctx: LookAhead, move: Move, reply: Move): BoosterUse | undefined {
  const player = ctx.game.players[ctx.side]
  const cost = boosterCost(player, 'freeze')
  if (!ctx.game.options.boostersOn || cost === null || player.score < cost) return undefined
  // Freeze the reply's cell that is ours and not in our own word (our base cell it would take, at best).
  const ours = new Set(move.cellIds)
  const target = reply.cellIds.find((id) => !ours.has(id) && !ctx.game.board.cells[id].specials.freeze)
  return target === undefined ? undefined : { boosterId: 'freeze', cellId: target }
}

/** The computer's move for `side`, or null when it has no playable word. */
export function chooseMove(
  game: Game,
  side: Side,
  level: AiLevel,
  dict: WordChecker,
  source: MoveSource,
  rng: Rng,
): Decision | null {
  const moves = fresh(game, source(game, side))
  if (!moves.length) return null
  const pos = positionOf(game)
  if (level === 'veryEasy') return asDecision(veryEasy(moves, rng))
  if (level === 'easy') return asDecision(easy(pos, side, moves, rng))
  const list = ranked(pos, side, moves)
  if (level === 'medium') return asDecision(medium(list, rng))
  if (level === 'hard') return asDecision(list[0].move)
  return veryHard({ game, dict, source, side }, list)
}

/** A good playable word for the side, not always the best: one of the five best, at random. */
export function chooseHint(game: GameView, side: Side, source: MoveSource, rng: Rng): Move | null {
  const moves = fresh(game, source(game, side))
  if (!moves.length) return null
  const list = ranked(positionOf(game), side, moves)
  return pick(rng, list.slice(0, 5)).move
}

const asDecision = (m: Move): Decision => ({ word: m.word, cellIds: m.cellIds })
