/**
 * The one line the result says about the review of a side's play, most telling first: wins missed,
 * then saves missed, then how often the best word was played.
 */
import type { SideSummary } from '../../engine/index.ts'

export type SummaryLine =
  | { kind: 'missedWins'; n: number }
  | { kind: 'missedSaves'; n: number }
  | { kind: 'best'; n: number; of: number }

export function summaryLine(summary: SideSummary): SummaryLine | null {
  if (summary.missedWins > 0) return { kind: 'missedWins', n: summary.missedWins }
  if (summary.missedSaves > 0) return { kind: 'missedSaves', n: summary.missedSaves }
  if (summary.turns === 0) return null
  return { kind: 'best', n: summary.bestPlayed, of: summary.turns }
}

/** An opening value as shown: at most two decimals, no trailing zeros. */
export function openingValue(value: number): string {
  return String(Math.round(value * 100) / 100)
}
