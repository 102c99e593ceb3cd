import { randomBytes } from 'node:crypto'

/**
 * A 24-hex id: 8 hex of seconds then 16 random hex, so ids sort roughly by creation
 * (like the ObjectIds the original clients were written against).
 */
export function newId(now: number): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8)
  return seconds + randomBytes(8).toString('hex')
}
