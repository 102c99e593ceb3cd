/** The five computer levels (RULES §8) and the hint choice (RULES §6), deterministic given the rng. */
import type { Rng } from '../rng.ts'
import type { AiLevel, Game, GameView, Side, WordChecker } from '../types.ts'
import { type Move, positionOf } from './evaluate.ts'
import { easy, hard, medium, veryEasy } from './levels.ts'
import { type Decision, veryHard } from './lookahead.ts'
import { freshMoves, type MoveSource, pick, rankWords } from './rank.ts'
import { AI } from './tuning.ts'

/**
 * The computer's move for `side`, or null when it has no playable word (the caller then gives up
 * for it: the server and the bench driver alike). `game` is the full Game: very hard plays real
 * turns on it. `dict` checks the words of simulated turns; `source` lists the moves
 * (dictionaryMoveSource in the game).
 */
export function chooseMove(
  game: Game,
  side: Side,
  level: AiLevel,
  dict: WordChecker,
  source: MoveSource,
  rng: Rng,
): Decision | null {
  const moves = freshMoves(game, side, source)
  if (!moves.length) return null
  if (level === 'veryEasy') return asDecision(veryEasy(moves, rng))
  const pos = positionOf(game)
  const ranked = rankWords(pos, side, moves)
  if (level === 'easy') return asDecision(easy(pos, side, ranked, rng))
  if (level === 'medium') return asDecision(medium(ranked, rng))
  if (level === 'hard') return asDecision(hard(ranked))
  return veryHard({ game, dict, source, side, work: 0, lookups: 0 }, ranked)
}

/**
 * A hint (RULES §6): a good playable word for the side, not always the best: one of its best few
 * words at random, along its best path. Null when the side has no playable word (HINT_ERROR).
 */
export function chooseHint(game: GameView, side: Side, source: MoveSource, rng: Rng): Move | null {
  const moves = freshMoves(game, side, source)
  if (!moves.length) return null
  const ranked = rankWords(positionOf(game), side, moves)
  return pick(rng, ranked.slice(0, AI.hint.top)).move
}

const asDecision = (m: Move): Decision => ({ word: m.word, cellIds: m.cellIds })
