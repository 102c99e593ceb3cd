/**
 * Turns per core (issue 17): N friend games played flat out over real sockets (two clients per
 * game, one turn in flight per game) against the server in a process of its own, so its CPU and
 * memory are read from /proc; beside it, in the same run, a bare Bun websocket echo with as many
 * connections. One JSON line: turns/s, ack p50/p99, server CPU ms per turn, RSS, the echo's
 * messages/s and the ratio, and the load average (the machine is shared: figures are inflated).
 *
 *   bun bench/load.ts [--games 50] [--db pglite|postgres] [--seconds 15] [--warmup 3]
 *                     [--pace-ms N] [--crash] [--profile DIR]
 *
 * --pace-ms N: each player thinks 0.5-1.5 × N ms before a turn (people's pace; latency measured
 * where the server keeps up) instead of playing flat out (capacity; latency is then in-flight
 * turns ÷ throughput, Little's law).
 * --db postgres plays on a fresh database next to TEST_DATABASE_URL (or DATABASE_URL), dropped
 * afterwards. --crash: at the end of the window the server gets SIGKILL mid-load, starts again on
 * the same database, and every acknowledged turn must be there (`missing` counts those that are
 * not; the exit code is 1 then). --profile DIR: the server runs under `bun --cpu-prof --cpu-prof-md`
 * and leaves its profile in DIR when it stops.
 */
import { loadavg } from 'node:os'
import { cpuBetween, databaseCpu } from './lib/database-cpu.ts'
import { flags, loadDictionary } from './lib/dictionaries.ts'
import { measureEcho } from './lib/echo.ts'
import { LoadPlay, missingTurns } from './lib/load-play.ts'
import { startServerProcess } from './lib/server-process.ts'
import { quantile, round } from './lib/stats.ts'

const args = flags(process.argv.slice(2))
const GAMES = Number(args.get('games') ?? 50)
const DB = args.get('db') ?? 'pglite'
const SECONDS = Number(args.get('seconds') ?? 15)
const WARMUP = Number(args.get('warmup') ?? 3)
const CRASH = args.has('crash')
const PROFILE = args.get('profile')
const PACE_MS = Number(args.get('pace-ms') ?? 0)

if (DB === 'postgres') {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
  if (!url) throw new Error('--db postgres needs TEST_DATABASE_URL or DATABASE_URL')
  process.env.DATABASE_URL = url
} else if (DB === 'pglite') delete process.env.DATABASE_URL
else throw new Error(`--db must be pglite or postgres, got ${DB}`)

const load0 = loadavg()[0]
const echoMsgs = await measureEcho(GAMES, 5)

const { dict } = loadDictionary('en')
const server = await startServerProcess(
  { RATE_LIMITS: 'off' },
  PROFILE ? { bunFlags: ['--cpu-prof', '--cpu-prof-md', `--cpu-prof-dir=${PROFILE}`] } : {},
)
const dbCpu = await databaseCpu(server.databaseUrl)
const base = () => `http://127.0.0.1:${server.port}`
const play = new LoadPlay({ base: base(), games: GAMES, dict, paceMs: PACE_MS })
await play.setup()
await play.waitAllActive()
await Bun.sleep(WARMUP * 1000)

play.recording = true
const clientCpu0 = process.cpuUsage()
const cpu0 = server.cpuSec()
const dbCpu0 = await dbCpu.sample()
const t0 = performance.now()
let rssMax = server.rssMb()
const rssTimer = setInterval(() => {
  rssMax = Math.max(rssMax, server.rssMb())
}, 500)
await Bun.sleep(SECONDS * 1000)
const elapsed = (performance.now() - t0) / 1000
const cpu = server.cpuSec() - cpu0
const dbCpuSec = cpuBetween(dbCpu0, await dbCpu.sample())
const clientCpu = process.cpuUsage(clientCpu0)
play.recording = false
clearInterval(rssTimer)
const turns = play.ackMs.length

let crash: Record<string, unknown> | undefined
let failed = false
if (CRASH) {
  // Mid-load: turns are in flight at the kill. Acks that arrive are recorded until the very end.
  const inFlight = play.inFlight
  await server.kill()
  play.stop()
  const acked = [...play.ackedTurns]
  play.close()
  await server.restart()
  const missing = await missingTurns(base(), acked)
  failed = missing.length > 0
  crash = {
    inFlightAtKill: inFlight,
    ackedTurns: acked.length,
    missing: missing.length,
    sample: missing.slice(0, 3),
  }
} else play.close()

// Anything the server logged as a warning or an error during the run (its first one, for a look).
const problems = server.records.filter((r) => r.level === 'warn' || r.level === 'error')
const sorted = [...play.ackMs].sort((a, b) => a - b)
const turnsPerSec = turns / elapsed
const rss = server.rssMb()
await dbCpu.close()
await server.stop()
console.log(
  JSON.stringify({
    bench: 'load',
    db: DB,
    games: GAMES,
    paceMs: PACE_MS,
    seconds: round(elapsed, 1),
    turns,
    turnsPerSec: round(turnsPerSec, 0),
    ackMs: { p50: round(quantile(sorted, 0.5), 1), p99: round(quantile(sorted, 0.99), 1) },
    serverCpuMsPerTurn: round((cpu * 1000) / turns, 3),
    // Postgres runs in processes of its own: its backends' CPU is counted apart (PGlite's is the server's).
    ...(server.databaseUrl ? { dbCpuMsPerTurn: round((dbCpuSec * 1000) / turns, 3) } : {}),
    serverCores: round(cpu / elapsed, 2),
    clientCores: round((clientCpu.user + clientCpu.system) / 1e6 / elapsed, 2),
    rssMb: { end: round(rss, 0), max: round(rssMax, 0) },
    echoMsgsPerSec: round(echoMsgs, 0),
    ratio: round(turnsPerSec / echoMsgs, 4),
    refused: play.refused,
    serverProblems: problems.length,
    ...(problems.length ? { problemKinds: [...new Set(problems.map((r) => r.msg))] } : {}),
    gamesStarted: play.gamesStarted,
    loadavg: [round(load0, 2), round(loadavg()[0], 2)],
    ...(crash ? { crash } : {}),
  }),
)
process.exit(failed ? 1 : 0)
