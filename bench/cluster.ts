/**
 * Several processes of one deployment on this machine (docs/cluster.md): turns per second and the
 * ack's p50/p99 for 1, 2 and 3 processes (the same games each time: players on different
 * processes than the game's owner whenever there is more than one, so most actions are forwarded
 * through Redis), with the ratio to one process measured in the same run; then the take-over time
 * after a SIGKILL of a game's owner: from the kill to the ack of a turn sent right after it, and to
 * the lease's new owner. One JSON line per measurement.
 *
 *   bun bench/cluster.ts [--games 4] [--turns 16]
 *
 * Needs Postgres (TEST_DATABASE_URL; each run makes and drops its own databases) and Redis
 * (TEST_REDIS_URL, default redis://127.0.0.1:6379, under a prefix of its own).
 */
import type { Side } from '../engine/index.ts'
import { loadDictionaries } from '../src/dictionaries/store.ts'
import {
  ask,
  type FriendGame,
  type Node,
  startCluster,
  startFriendGame,
  type TestCluster,
} from '../test/server/cluster.ts'
import type { TestSocket } from '../test/server/ws-client.ts'
import { wordPicker } from './lib/client-move.ts'
import { DICTIONARY_DIR, flags } from './lib/dictionaries.ts'
import { quantile, round } from './lib/stats.ts'

const args = flags(process.argv.slice(2))
const GAMES = Number(args.get('games') ?? 4)
const TURNS = Number(args.get('turns') ?? 16)
const english = loadDictionaries(DICTIONARY_DIR).get('en', 'default')
if (!english) throw new Error('the English word list is not built (npm install builds it)')
const picker = wordPicker(english)

type Table = FriendGame

/** A friend game: players on nodes i and i+1, made over node i+2's API (its owner). */
async function setUp(cluster: TestCluster, i: number): Promise<Table> {
  const n = cluster.nodes.length
  const at = (k: number): Node => cluster.nodes[(i + k) % n]
  const a = await cluster.signIn(at(0), `Bench A${i}`)
  const b = await cluster.signIn(at(1), `Bench B${i}`)
  const sockets: [TestSocket, TestSocket] = [
    await cluster.connect(at(0), a.token),
    await cluster.connect(at(1), b.token),
  ]
  return startFriendGame(cluster, [a, b], sockets, at(0), at(2))
}

/** Plays up to `turns` turns; answers each ack's latency (ms). */
async function play(table: Table, turns: number): Promise<number[]> {
  const latencies: number[] = []
  for (let t = 0; t < turns; t++) {
    const view = await table.mirrors[0].waitUntil(
      (v) => v.state !== 'active' || v.turnAvailable !== null,
      20_000,
    )
    if (view.state !== 'active') break
    const side = view.turnAvailable as Side
    const mine = await table.mirrors[side].waitTs(view.ts, 20_000)
    const move = picker.best(mine, side)
    if (!move) break
    const sent = performance.now()
    const ack = await ask(table.sockets[side], 'game/turn', { gameId: table.gameId, cellIds: move.cellIds })
    latencies.push(performance.now() - sent)
    if (!ack.success) throw new Error(`turn refused: ${JSON.stringify(ack)}`)
    await table.mirrors[0].waitTs(view.ts + 1, 20_000)
    await table.mirrors[1].waitTs(view.ts + 1, 20_000)
  }
  return latencies
}

async function throughput(processes: number) {
  const cluster = await startCluster(processes)
  try {
    const tables = await Promise.all(Array.from({ length: GAMES }, (_, i) => setUp(cluster, i)))
    const started = performance.now()
    const all = (await Promise.all(tables.map((t) => play(t, TURNS)))).flat()
    const seconds = (performance.now() - started) / 1000
    const sorted = all.sort((x, y) => x - y)
    return {
      processes,
      games: GAMES,
      turns: all.length,
      turnsPerSec: round(all.length / seconds, 1),
      ackP50: round(quantile(sorted, 0.5), 1),
      ackP99: round(quantile(sorted, 0.99), 1),
    }
  } finally {
    await cluster.dispose()
  }
}

async function takeover() {
  const cluster = await startCluster(3)
  try {
    // Players on nodes 0 and 1, the game on node 2.
    const table = await setUp(cluster, 0)
    await play(table, 2)
    const owner = cluster.nodes[2]
    const view = await table.mirrors[0].waitUntil((v) => v.turnAvailable !== null, 10_000)
    const side = view.turnAvailable as Side
    const move = picker.best(await table.mirrors[side].waitTs(view.ts), side)
    if (!move) throw new Error('no word to play')
    owner.proc.child.kill('SIGKILL')
    const killed = performance.now()
    let leaseMovedMs = Number.NaN
    const watchLease = (async () => {
      for (;;) {
        const now = await cluster.ownerOf(table.gameId)
        if (now && now !== owner) {
          leaseMovedMs = performance.now() - killed
          return
        }
        await Bun.sleep(50)
      }
    })()
    const ack = await ask(
      table.sockets[side],
      'game/turn',
      { gameId: table.gameId, cellIds: move.cellIds },
      30_000,
    )
    const ackMs = performance.now() - killed
    await watchLease
    return {
      takeover: {
        ackAfterKillMs: Math.round(ackMs),
        leaseMovedMs: Math.round(leaseMovedMs),
        acked: ack.success,
      },
    }
  } finally {
    await cluster.dispose()
  }
}

const one = await throughput(1)
console.log(JSON.stringify({ ...one, ratio: 1 }))
for (const processes of [2, 3]) {
  const r = await throughput(processes)
  console.log(JSON.stringify({ ...r, ratioTurnsPerSec: round(r.turnsPerSec / one.turnsPerSec, 2) }))
}
console.log(JSON.stringify(await takeover()))
