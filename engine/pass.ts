/** Passing the turn: shared by an accepted turn and a forfeited one (the clock). */
import { updateAvailability } from './board.ts'
import { refreshBoosterAvailabilityDraft } from './boosters.ts'
import type { GameView, Side } from './types.ts'

/** Hands the turn to the other side and drops specials whose last turn has passed. */
export function passTurnDraft(draft: GameView, now: number): void {
  const mover = draft.turnAvailable
  draft.turn++
  draft.turnAvailable = mover === null ? null : ((1 - mover) as Side)
  draft.turnStartedAt = now
  const thawed: number[] = []
  for (const cell of draft.board.cells) {
    for (const [id, special] of Object.entries(cell.specials)) {
      if (special && special.activeTillTurn !== null && draft.turn > special.activeTillTurn) {
        delete cell.specials[id as keyof typeof cell.specials]
        if (id === 'freeze') thawed.push(cell.id)
      }
    }
  }
  if (thawed.length) updateAvailability(draft.board, thawed)
  refreshBoosterAvailabilityDraft(draft)
}
