/**
 * Lean writes (docs/perf.md): a commit stores what changed (the history row: the view's patch and
 * the patch of the rest), and the whole game only now and then. A game is its last snapshot with
 * the patches of the versions after it applied in order.
 */
import { applyPatch, diff, type Game, type Patch } from '../../engine/index.ts'

/** Versions between two snapshots of a game in play; a closing commit always writes one. */
export const SNAPSHOT_EVERY = 16

/** What the view (PROTOCOL.md) leaves out of a game: the only parts `changes` does not carry. */
function serverPart(game: Game): Record<string, unknown> {
  return { stats: game.stats, awards: game.awards, hints: game.hints, openingValues: game.openingValues }
}

/** The patch of the server-only parts from `prev` to `next`; null when they did not change. */
export function serverChanges(prev: Game, next: Game): Patch | null {
  const d = diff(serverPart(prev), serverPart(next))
  return Object.keys(d).length === 0 ? null : d
}

export interface StoredPatch {
  ts: number
  changes: Patch
  serverChanges: Patch | null
}

/** The game at version `ts` from its snapshot and the history rows after it (oldest first). */
export function rebuild(snapshot: Game, rows: readonly StoredPatch[], ts: number): Game {
  let game = snapshot
  for (const row of rows) {
    if (row.ts <= game.ts) continue
    if (row.ts !== game.ts + 1)
      throw new Error(`game ${snapshot.id}: history jumps from version ${game.ts} to ${row.ts}`)
    game = applyPatch(game, row.serverChanges ? { ...row.changes, ...row.serverChanges } : row.changes)
  }
  if (game.ts !== ts) throw new Error(`game ${snapshot.id}: rebuilt to version ${game.ts}, stored ${ts}`)
  return game
}
