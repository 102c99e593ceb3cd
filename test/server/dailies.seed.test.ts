/**
 * The daily's board and secret word are drawn from seeds keyed with a server secret: the public
 * label (day, language, key) alone does not give them, another server secret gives other ones,
 * and a daily already stored keeps its board and word whatever the secret is later.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { type Board, dailySeed, utcDay } from '../../engine/index.ts'
import { dailyBoard, dailySecret } from '../../engine/server.ts'
import { dailyKey, dailySeeds } from '../../src/dailies/seed.ts'
import { dailies } from '../../src/db/schema/index.ts'
import {
  describeServer,
  middayUtc,
  restartableServer,
  startServer,
  type TestServer,
  testClock,
  testDictionaries,
} from './harness.ts'

const SECRET_A = 'first-server-secret-of-some-length'
const SECRET_B = 'second-server-secret-of-some-length'
const letters = (board: Board) => board.cells.map((c) => c.letter).join('')

describe('daily seeds', () => {
  test('depend on the key, differ between board and word, and are the same for the same inputs', () => {
    const a = dailySeeds(dailyKey(SECRET_A), '2026-03-01', 'en', 'daily-0')
    expect(dailySeeds(dailyKey(SECRET_A), '2026-03-01', 'en', 'daily-0')).toEqual(a)
    expect(a.board).not.toBe(a.secret)
    expect(dailySeeds(dailyKey(SECRET_B), '2026-03-01', 'en', 'daily-0')).not.toEqual(a)
    expect(dailySeeds(dailyKey(SECRET_A), '2026-03-02', 'en', 'daily-0')).not.toEqual(a)
    expect(dailySeeds(dailyKey(SECRET_A), '2026-03-01', 'en', 'daily-1')).not.toEqual(a)
    expect(a.board).not.toBe(dailySeed('2026-03-01', 'en', 'daily-0'))
  })
})

describeServer('dailies keyed with the server secret', (db) => {
  const clock = testClock(middayUtc())
  const day = utcDay(clock.now())
  const dict = () => testDictionaries().get('en', 'default')!
  const storedDaily = async (server: TestServer) => {
    const res = await fetch(`${server.url}/api/dailies?lang=en`)
    expect(res.status).toBe(200)
    const [row] = await server.core.db
      .select()
      .from(dailies)
      .where(eq(dailies.id, `${day}-en-daily-0`))
    if (!row) throw new Error('no daily stored')
    return row
  }

  describe('one server', () => {
    const fixture = restartableServer(db, clock)
    let first: Awaited<ReturnType<typeof storedDaily>>

    test('its board and word are not those of the public seed, and follow from the key', async () => {
      const server = await fixture.start({ JWT_SECRET: SECRET_A })
      first = await storedDaily(server)
      const publicBoard = dailyBoard(dailySeed(day, 'en', 'daily-0'), 'en', dict())
      expect(letters(first.board)).not.toBe(letters(publicBoard))
      const seeds = dailySeeds(dailyKey(SECRET_A), day, 'en', 'daily-0')
      expect(letters(first.board)).toBe(letters(dailyBoard(seeds.board, 'en', dict())))
      expect(first.secret).toBe(dailySecret(first.board, dict(), seeds.secret))
    })

    test('a daily already stored keeps its board and word under another secret', async () => {
      const server = await fixture.restart(60_000, { JWT_SECRET: SECRET_B })
      const again = await storedDaily(server)
      expect(letters(again.board)).toBe(letters(first.board))
      expect(again.secret).toBe(first.secret)
    })
  })

  describe('another server', () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer({ db, clock, env: { JWT_SECRET: SECRET_B } })
    })
    afterAll(() => server.stop())

    test('with another secret draws another board for the same day', async () => {
      const other = await storedDaily(server)
      const seedsA = dailySeeds(dailyKey(SECRET_A), day, 'en', 'daily-0')
      expect(letters(other.board)).not.toBe(letters(dailyBoard(seedsA.board, 'en', dict())))
    })
  })
})
