/** Arena pairing (src/rooms/pairing.ts): nearest rating first, windows widening with the wait. */
import { describe, expect, test } from 'bun:test'
import { ARENA_WINDOW, pairQueue, ratingWindow, type Waiting } from '../../src/rooms/pairing.ts'

const NOW = 1_000_000
const at = (id: string, rating: number, waitedMs = 0): Waiting => ({ id, rating, since: NOW - waitedMs })
const ids = (pairs: [Waiting, Waiting][]) => pairs.map(([a, b]) => `${a.id}-${b.id}`)

describe('arena pairing', () => {
  test('the window starts at the base, widens per second, and opens fully at the limit', () => {
    expect(ratingWindow(0)).toBe(ARENA_WINDOW.base)
    expect(ratingWindow(10_000)).toBe(ARENA_WINDOW.base + 10 * ARENA_WINDOW.widenPerSec)
    expect(ratingWindow(ARENA_WINDOW.anyoneAfterMs - 1)).toBeLessThan(Number.POSITIVE_INFINITY)
    expect(ratingWindow(ARENA_WINDOW.anyoneAfterMs)).toBe(Number.POSITIVE_INFINITY)
  })

  test('the two nearest in rating go together first, whatever the order of arrival', () => {
    const queue = [at('a', 1200, 3000), at('b', 1500, 2000), at('c', 1230, 1000), at('d', 1480, 500)]
    // d-b are 20 apart, a-c 30: both pairs, nearest first, the longer waiter named first.
    expect(ids(pairQueue(queue, NOW))).toEqual(['b-d', 'a-c'])
  })

  test('a gap beyond the window waits; the longer wait opens it', () => {
    const fresh = [at('a', 1200), at('b', 1400)]
    expect(pairQueue(fresh, NOW)).toEqual([])
    const waited = [at('a', 1200, 6000), at('b', 1400)] // 100 + 6 × 20 = 220 ≥ 200
    expect(ids(pairQueue(waited, NOW))).toEqual(['a-b'])
    const far = [at('a', 800, ARENA_WINDOW.anyoneAfterMs), at('b', 2400)]
    expect(ids(pairQueue(far, NOW))).toEqual(['a-b'])
  })

  test('nobody is paired twice, the odd one out waits, equal gaps go to the longer wait', () => {
    const queue = Array.from({ length: 201 }, (_, i) => at(`p${i}`, 1200 + (i % 7) * 10, i * 10))
    const pairs = pairQueue(queue, NOW)
    expect(pairs).toHaveLength(100)
    const seen = pairs.flat().map((w) => w.id)
    expect(new Set(seen).size).toBe(200)
    // Three gaps of 50: w-x comes first in rating order, but x-y has waited longer.
    const tie = [at('w', 1200, 100), at('x', 1250, 100), at('y', 1300, 5000), at('z', 1350, 100)]
    expect(ids(pairQueue(tie, NOW))).toEqual(['y-x'])
  })
})
