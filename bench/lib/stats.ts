/** Small statistics for bench reports. */

/** Wilson score interval (95%) of `wins` out of `n`, as [low, high] rates. */
export function wilson(wins: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1]
  const p = wins / n
  const d = 1 + (z * z) / n
  const centre = (p + (z * z) / (2 * n)) / d
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d
  return [Math.max(0, centre - half), Math.min(1, centre + half)]
}

export function quantile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}

export const round = (x: number, digits = 3) => Number(x.toFixed(digits))

/** The median, 95th percentile and largest of `values` (in any order), rounded to `digits`. */
export function summary(values: readonly number[], digits = 2) {
  const sorted = [...values].sort((a, b) => a - b)
  return {
    p50: round(quantile(sorted, 0.5), digits),
    p95: round(quantile(sorted, 0.95), digits),
    max: round(sorted.at(-1) ?? Number.NaN, digits),
  }
}

/**
 * The side that moved first: its wins over the games someone won (a draw or a capped game says
 * nothing of it), the rate and its 95% (Wilson) interval.
 */
export class FirstMoverTally {
  decided = 0
  wins = 0

  add(winner: number | null, first: number): void {
    if (winner === null) return
    this.decided++
    if (winner === first) this.wins++
  }

  /** Wins per decided game; 0 before any. */
  get rate(): number {
    return this.wins / Math.max(1, this.decided)
  }

  /** The rate's 95% interval, rounded. */
  interval95(): [number, number] {
    const [lo, hi] = wilson(this.wins, this.decided)
    return [round(lo), round(hi)]
  }
}
