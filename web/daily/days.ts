import { dayStart, isDay, utcDay } from '../../engine/index.ts'

const DAY_MS = 86_400_000

/** The UTC day `delta` days from `day` (both `YYYY-MM-DD`). */
export function shiftDay(day: string, delta: number): string {
  return utcDay(dayStart(day) + delta * DAY_MS)
}

/** The last day whose results are final: the day before today (by `now`, the server's clock). */
export function lastFinalDay(now: number): string {
  return shiftDay(utcDay(now), -1)
}

/** The day a `?day=` asks for, when it is a real day already over; else null. */
export function archiveDayFrom(search: string, now: number): string | null {
  const day = new URLSearchParams(search).get('day')
  return day && isDay(day) && day <= lastFinalDay(now) ? day : null
}
