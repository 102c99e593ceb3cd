import { useEffect, useState } from 'react'
import { formatClock } from '../../game/views/format.ts'

/** Seconds to the next 00:00 UTC, when the day's results are final (RULES §9). */
export function secondsToUtcMidnight(now: number): number {
  const d = new Date(now)
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)
  return Math.ceil((next - now) / 1000)
}

/**
 * The time left to the results, ticking each second on `now` (the server's clock). `endsAt` is the
 * daily's (null: the next 00:00 UTC). Rendered on the server without a reading, so hydration matches.
 */
export function Countdown({
  endsAt,
  now,
  testId,
}: {
  endsAt: number | null
  now: () => number
  testId?: string
}) {
  const [left, setLeft] = useState<number | null>(null)
  useEffect(() => {
    const tick = () => {
      const at = now()
      setLeft(endsAt === null ? secondsToUtcMidnight(at) : Math.max(0, (endsAt - at) / 1000))
    }
    tick()
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [endsAt, now])
  return (
    <strong className="mono" data-testid={testId}>
      {left === null ? '--:--:--' : formatClock(left)}
    </strong>
  )
}
