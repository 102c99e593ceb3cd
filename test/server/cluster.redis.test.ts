/**
 * Redis goes away under two processes (a Redis of the test's own, stopped and started again): the
 * owner keeps playing its game, an action that needs another process is refused at once with
 * GAME_UNREACHABLE (and changes nothing), and once Redis is back the same action goes through and
 * the game is played to its end.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test'
import type { Subprocess } from 'bun'
import { ask, playOn, type Seat, startCluster, startFriendGame, type TestCluster } from './cluster.ts'
import { GameMirror } from './game-mirror.ts'
import type { TestSocket } from './ws-client.ts'

setDefaultTimeout(180_000)

const port = 17_000 + Math.floor(Math.random() * 2000)
let redis: Subprocess | null = null
let cluster: TestCluster

async function startRedis(): Promise<void> {
  redis = Bun.spawn(['redis-server', '--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdout: 'ignore',
    stderr: 'ignore',
  })
  for (let i = 0; i < 50; i++) {
    const probe = await Bun.connect({ hostname: '127.0.0.1', port, socket: { data() {} } }).catch(() => null)
    if (probe) {
      probe.end()
      return
    }
    await Bun.sleep(100)
  }
  throw new Error('redis-server did not start')
}

async function stopRedis(): Promise<void> {
  redis?.kill('SIGKILL')
  await redis?.exited
  redis = null
}

beforeAll(async () => {
  await startRedis()
  cluster = await startCluster(2, { env: { REDIS_URL: `redis://127.0.0.1:${port}` } })
}, 120_000)
afterAll(async () => {
  await cluster?.dispose()
  await stopRedis()
})

const busConnections = (records: Record<string, unknown>[]) =>
  records.filter((r) => r.msg === 'bus connected').length

test('Redis down: the owner plays on, forwarded actions are refused with a code, all recovers', async () => {
  const [n0, n1] = cluster.nodes
  const a = await cluster.signIn(n0, 'Redis A')
  const b = await cluster.signIn(n1, 'Redis B')
  const sockets: [TestSocket, TestSocket] = [
    await cluster.connect(n0, a.token),
    await cluster.connect(n1, b.token),
  ]
  const [sa, sb] = sockets
  // Joined over n1: n1 plays the game; a's actions go from n0 to n1 through Redis.
  const { gameId, mirrors, seats } = await startFriendGame(cluster, [a, b], sockets, n0, n1)
  const mb = mirrors[1]
  const before = await playOn(gameId, seats, { stopAfter: 2 })
  // Until it is b's turn (b plays on the owner).
  let view = await mb.waitUntil((v) => v.turnAvailable !== null, 8000, 'a side to move')
  if (view.turnAvailable === 0) {
    const extra = await playOn(gameId, seats, { stopAfter: 1 })
    before.acked[0].push(...extra.acked[0])
    view = await mb.waitUntil((v) => v.turnAvailable === 1, 8000, "b's turn")
  }

  const connectedBefore = busConnections(n0.proc.records)
  await stopRedis()
  await n0.proc.waitFor((r) => r.msg === 'bus lost Redis', 10_000)

  // The owner's own player: played and acknowledged without Redis.
  const bSeat: [Seat, Seat] = [
    { socket: sb, mirror: mb },
    { socket: sb, mirror: mb },
  ]
  const bTurn = await playOn(gameId, () => bSeat, { stopAfter: 1 })
  expect(bTurn.acked[1]).toHaveLength(1)
  const stored = await cluster.view(n1, gameId)
  expect(stored.turnAvailable).toBe(0)

  // a, on the other process: refused at once with the code, nothing changed.
  mirrors[0] = new GameMirror(sa, await cluster.view(n0, gameId))
  const started = Date.now()
  const refused = await ask(sa, 'game/giveup', { gameId })
  expect(refused).toMatchObject({ success: false, error: { code: 'GAME_UNREACHABLE' } })
  expect(Date.now() - started).toBeLessThan(2000)
  expect(await cluster.view(n0, gameId)).toEqual(stored)

  // Redis is back: both processes reconnect, a's turn goes through n1 again.
  await startRedis()
  await n0.proc.waitFor(
    (r) => r.msg === 'bus connected' && busConnections(n0.proc.records) > connectedBefore,
    20_000,
  )
  await n1.proc.waitFor((r) => r.msg === 'bus connected' && busConnections(n1.proc.records) > 1, 20_000)
  mirrors[0] = new GameMirror(sa, await cluster.view(n0, gameId))
  const rest = await playOn(gameId, seats)
  const final = await mb.waitUntil((v) => v.state === 'over', 10_000, 'the end')
  await mirrors[0].waitTs(final.ts)
  expect(mirrors[0].view).toEqual(final)
  expect(await cluster.view(n0, gameId)).toEqual(final)
  const acked = [before, bTurn, rest].flatMap((r) => [...r.acked[0], ...r.acked[1]])
  for (const word of acked) expect(final.wordsUsed).toContain(word)
  expect(final.wordsUsed).toHaveLength(acked.length)
})
