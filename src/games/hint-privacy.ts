/** A hint's cells belong to the side that paid for it; the rest of the game sees only that it was bought. */
import type { HistoryEvent, Side } from '../../engine/index.ts'

/** The side whose hint is among the events, or null. */
export function hintSide(events: readonly HistoryEvent[]): Side | null {
  for (const e of events) if (e.type === 'hint') return e.side
  return null
}

/** The events with every hint's cells taken out. */
export function hideHints(events: readonly HistoryEvent[]): HistoryEvent[] {
  return events.map((e) =>
    e.type === 'hint' ? { type: 'hint', side: e.side, cellIds: [], grade: e.grade, cost: e.cost } : e,
  )
}
