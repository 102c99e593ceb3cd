/**
 * A player's word chosen from what a client holds, the game view: for benches and tests that play
 * a served game over HTTP and the socket. The engine's chooseMove wants the full Game (very hard
 * plays real turns on it), which a client never has; these need only the view.
 */
import type { GameView, Rng, Side } from '../../engine/index.ts'
import {
  chooseHint,
  type Dictionary,
  dictionaryMoveSource,
  type Move,
  type MoveSource,
  moveValue,
  positionOf,
} from '../../engine/server.ts'

export interface WordPicker {
  /** The best new word by the engine's heuristic (what level `hard` plays); null without one. */
  best(view: GameView, side: Side): Move | null
  /** One of the best few new words at random (what a hint offers); null without one. */
  good(view: GameView, side: Side, rng: Rng): Move | null
}

export function wordPicker(dict: Dictionary): WordPicker {
  const source = dictionaryMoveSource(dict) as MoveSource
  return {
    best(view, side) {
      const used = new Set(view.wordsUsed)
      const pos = positionOf(view)
      let best: Move | null = null
      let bestValue = Number.NEGATIVE_INFINITY
      for (const move of source(view, side)) {
        if (used.has(move.word)) continue
        const value = moveValue(pos, side, move)
        if (value > bestValue || (value === bestValue && best !== null && move.word < best.word)) {
          best = move
          bestValue = value
        }
      }
      return best && { word: best.word, cellIds: best.cellIds }
    },
    good: (view, side, rng) => chooseHint(view, side, source, rng),
  }
}
