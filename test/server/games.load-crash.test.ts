/**
 * The process dies (SIGKILL) while many games are played flat out (group commits in flight), and
 * starts again on the same database: every acknowledged turn is there. The small-scale twin of
 * `bun bench/load.ts --crash` (bench/lib/load-play.ts drives both). The games are past their first
 * periodic snapshot when the process dies (lean writes): they come back from snapshot + patches.
 */
import { expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { LoadPlay, missingTurns } from '../../bench/lib/load-play.ts'
import { openDatabase, rowsOf } from '../../src/db/client.ts'
import { SNAPSHOT_EVERY } from '../../src/games/rebuild.ts'
import { describeBoth, testDictionaries } from './harness.ts'
import { processesOn } from './process-suite.ts'

const GAMES = 8

describeBoth('acknowledged turns survive SIGKILL under load', (db) => {
  const processes = processesOn(db)

  const start = async () => {
    const proc = await processes.start({
      JWT_SECRET: 'load-crash-test-secret-0123456789',
      RATE_LIMITS: 'off',
    })
    return { proc, base: `http://127.0.0.1:${proc.port}` }
  }

  test('kill -9 mid-load, restart: every acked turn is stored', async () => {
    const first = await start()
    const play = new LoadPlay({
      base: first.base,
      games: GAMES,
      dict: testDictionaries().get('en', 'default')!,
      prefix: `Crash load ${db}`,
    })
    await play.setup()
    await play.waitAllActive()
    // Play until most games are past their first periodic snapshot, then kill while more are in flight.
    const lastTs = () => {
      const last = new Map<string, number>()
      for (const t of play.ackedTurns) last.set(t.gameId, Math.max(last.get(t.gameId) ?? 0, t.ts))
      return last
    }
    const pastSnapshot = () => [...lastTs().values()].filter((ts) => ts > SNAPSHOT_EVERY + 3).length
    const deadline = Date.now() + 60_000
    while (pastSnapshot() < GAMES / 2 && Date.now() < deadline) await Bun.sleep(10)
    const inFlight = play.inFlight
    first.proc.child.kill('SIGKILL')
    expect(await first.proc.child.exited).not.toBe(0)
    play.stop()
    const acked = [...play.ackedTurns]
    play.close()
    expect(acked.length).toBeGreaterThanOrEqual(GAMES * 4)
    expect(inFlight).toBeGreaterThan(0)

    const second = await start()
    expect(await missingTurns(second.base, acked)).toEqual([])
    // Every game went on from where its last acked turn left it: never behind.
    const last = lastTs()
    expect(last.size).toBeGreaterThanOrEqual(GAMES)
    second.proc.child.kill('SIGTERM')
    expect(await second.proc.child.exited).toBe(0)

    // Those games were read back from a periodic snapshot and the patches after it.
    const database = await openDatabase({
      dataDir: processes.scratch().dataDir,
      databaseUrl: processes.scratch().databaseUrl,
    })
    try {
      const [row] = rowsOf<{ n: number }>(
        await database.db.execute(
          sql`select count(*)::int as n from games where snapshot_ts < ts and snapshot_ts > ${SNAPSHOT_EVERY}`,
        ),
      )
      expect(row.n).toBeGreaterThan(0)
    } finally {
      await database.close()
    }
  }, 180_000)
})
