/**
 * The move list of a game (who played what, for how many points, and forfeited turns), read from
 * its history events. The server answers it for a game's page; the client appends live events.
 */
import type { BoosterUse, HistoryEvent, Side } from './types.ts'

export type PlayedMove =
  | {
      kind: 'turn'
      /** The game version the move made. */
      ts: number
      side: Side
      word: string
      cellIds: number[]
      /** Points the word scored; null for history written before turns carried it. */
      score: number | null
      scoreReached: number
      booster?: BoosterUse
    }
  | { kind: 'skip'; ts: number; side: Side }

/** The moves among one version's events, in order. */
export function movesOfEvents(ts: number, events: readonly HistoryEvent[]): PlayedMove[] {
  const moves: PlayedMove[] = []
  for (const e of events) {
    if (e.type === 'turn')
      moves.push({
        kind: 'turn',
        ts,
        side: e.side,
        word: e.word,
        cellIds: e.cellIds,
        score: e.score ?? null,
        scoreReached: e.scoreReached,
        ...(e.booster ? { booster: e.booster } : {}),
      })
    else if (e.type === 'skip') moves.push({ kind: 'skip', ts, side: e.side })
  }
  return moves
}
