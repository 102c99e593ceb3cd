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
