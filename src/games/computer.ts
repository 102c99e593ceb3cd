/**
 * The computer's side of a game: how long it "thinks" and what it plays. Its move then enters the
 * live game's queue like any player's (live-game.ts).
 */
import type { AiLevel, Game, Rng, Side } from '../../engine/index.ts'
import {
  chooseMove,
  type Decision,
  type Dictionary,
  dictionaryMoveSource,
  type MoveSource,
} from '../../engine/server.ts'

export interface DelayRange {
  min: number
  max: number
}

// One move generator per dictionary: the generator reuses its buffers between calls.
const sources = new WeakMap<Dictionary, MoveSource>()

export function moveSourceFor(dict: Dictionary): MoveSource {
  let source = sources.get(dict)
  if (!source) {
    source = dictionaryMoveSource(dict) as MoveSource
    sources.set(dict, source)
  }
  return source
}

/** A human-like pause before the computer answers, drawn from the configured range. */
export function thinkingDelay(range: DelayRange, rng: Rng): number {
  return range.min + Math.floor(rng.next() * Math.max(0, range.max - range.min + 1))
}

/** The computer's move, or null when it has no playable word (the live game then gives up for it). */
export function computerMove(
  game: Game,
  side: Side,
  level: AiLevel,
  dict: Dictionary,
  rng: Rng,
): Decision | null {
  return chooseMove(game, side, level, dict, moveSourceFor(dict), rng)
}
