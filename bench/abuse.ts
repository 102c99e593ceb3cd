/**
 * Abuse soak: a real server process (limits on; TRUST_PROXY=1, so each client claims an address of
 * its own through X-Forwarded-For) and, for --seconds (60), hostile clients beside one honest
 * player: presence-topic floods from visitors, sockets that never read, id reuse across
 * reconnects, message-credit exhaustion and HTTP floods. First the honest player plays alone for
 * a quarter of that (at most 15 s): its latency then is the machine's own, for comparison. One
 * JSON line: the server's RSS (before the attack, peak, after), the honest player's ack latency
 * alone and during the attack, what the limits did, anomalies. Targets: honest p99 under 100 ms,
 * RSS growth under 100 MB.
 *
 *   bun bench/abuse.ts [--seconds 60] [--only topics,unread,reuse,credits,http]
 *   DATABASE_URL=postgres://… runs the server on a fresh database next to that one (dropped after).
 *   BENCH_LOG_LEVEL=debug also lists the full collections the server's memory floor ran.
 */
import type { Socket } from 'node:net'
import { loadavg } from 'node:os'
import { canonicalJson } from '../src/realtime/ack-key.ts'
import {
  type Ack,
  api,
  SocketClient,
  sendFrame,
  signIn,
  type Target,
  unreadSocket,
} from './lib/abuse-client.ts'
import type { HonestReport, Timed } from './lib/abuse-honest.ts'
import { flags } from './lib/dictionaries.ts'
import { startServerProcess } from './lib/server-process.ts'
import { quantile, round } from './lib/stats.ts'

const args = flags(process.argv.slice(2))
const SECONDS = Number(args.get('seconds') ?? 60)
/** Attacks to run (comma list of topics, unread, reuse, credits, http); all by default. */
const ONLY = new Set((args.get('only') ?? 'topics,unread,reuse,credits,http').split(','))
const anomalies: string[] = []
const anomaly = (text: string) => {
  if (anomalies.length < 50) anomalies.push(text)
}
const counts = {
  topicFrames: 0,
  floodFrames: 0,
  closes: {} as Record<string, number>,
  rateLimitedAcks: 0,
  upgradeRefused: 0,
  unreadSockets: 0,
  idReuseChecks: 0,
  http: {} as Record<string, number>,
}
const countClose = (code: number) => {
  counts.closes[code] = (counts.closes[code] ?? 0) + 1
}

const server = await startServerProcess({
  TRUST_PROXY: '1',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  COMPUTER_DELAY_MS: '200-400',
})
const target: Target = { base: `http://127.0.0.1:${server.port}`, port: server.port }
let running = true

// The honest player first, in its own worker; the attack starts once its game is on.
const honest = new Worker(new URL('./lib/abuse-honest.ts', import.meta.url))
const honestGame = new Promise<string>((resolve, reject) => {
  honest.onmessage = (event) => {
    if (event.data.type === 'ready') resolve(event.data.gameId)
    if (event.data.type === 'failed') reject(new Error(event.data.err))
  }
})
honest.postMessage({ type: 'start', target, address: '10.0.0.1' })
const gameId = await honestGame
const aloneFrom = Date.now()
await Bun.sleep(Math.min(15, SECONDS / 4) * 1000)
const rssBefore = server.rssMb()
const cpuBefore = server.cpuSec()
let rssPeak = rssBefore
const sampler = setInterval(() => {
  if (server.alive()) rssPeak = Math.max(rssPeak, server.rssMb())
}, 500)

const randomUids = () => Array.from({ length: 200 }, () => Math.random().toString(36).slice(2, 14))

/** Visitors naming 200 made-up users per frame, ten frames a second, reconnecting when closed. */
async function topicFlood(address: string) {
  while (running) {
    let socket: SocketClient
    try {
      socket = await SocketClient.open(target, address)
    } catch {
      counts.upgradeRefused++
      await Bun.sleep(1000)
      continue
    }
    while (running && socket.open) {
      socket.send('user/presenceSubscribe', { uids: randomUids() })
      counts.topicFrames++
      await Bun.sleep(100)
    }
    if (!socket.open) countClose(await socket.closed)
    else socket.close()
  }
}

/**
 * Signed-in sockets that never read: each asks, as fast as its credits allow, for the largest
 * answers there are (a whole game view; the presence of 200 users with 64-character ids) and
 * stays for the whole run. What waits for them is the server's to hold, at most 1 MiB each.
 */
async function unread(address: string, token: string) {
  const longUids = () =>
    Array.from({ length: 200 }, () => `${Math.random().toString(36).slice(2)}`.padEnd(64, 'x'))
  while (running) {
    let socket: Socket
    try {
      socket = await unreadSocket(target, address, token)
    } catch {
      await Bun.sleep(500)
      continue
    }
    counts.unreadSockets++
    for (let i = 0; running && !socket.destroyed; i++) {
      sendFrame(
        socket,
        i % 2 ? 'game/observe' : 'user/presenceSubscribe',
        i % 2 ? { gameId } : { uids: longUids() },
        i,
      )
      await Bun.sleep(340)
    }
    socket.destroy()
  }
}

/** Reuses ids 1-3 for other events and payloads, reconnecting every 5 s (ids start over). */
async function idReuse(address: string, name: string) {
  const auth = await signIn(target, name, address)
  const created = await api(target, '/api/waiting-rooms', {
    address,
    token: auth.token,
    body: { type: 'classic', mode: 'computer', lang: 'en', extraParams: { level: 'veryEasy' } },
  })
  const game = (created.json.data as { room: { gameId: string } } | undefined)?.room.gameId ?? 'none'
  const firstSuccess = new Map<string, string>()
  while (running) {
    const socket = await SocketClient.open(target, address, auth.token)
    const until = performance.now() + 5000
    while (running && socket.open && performance.now() < until) {
      const id = 1 + Math.floor(Math.random() * 3)
      const hint = Math.random() < 0.5
      const key = hint ? 'game/hint' : 'game/ready'
      const payload = hint ? { gameId: game, cost: Math.floor(Math.random() * 3) } : { gameId: game }
      const answer = await socket.request(key, payload, id)
      counts.idReuseChecks++
      if (!answer) {
        if (socket.open) anomaly(`id reuse: no ack for ${key} id ${id}`)
        break
      }
      check(`${id} ${key} ${JSON.stringify(payload)}`, key, answer.ack)
      await Bun.sleep(400)
    }
    socket.close()
  }

  function check(triple: string, key: string, ack: Ack) {
    const seen = firstSuccess.get(triple)
    const text = canonicalJson(ack)
    if (seen !== undefined && seen !== text) anomaly(`id reuse: ${triple} answered ${text}, first ${seen}`)
    if (ack.success && seen === undefined) firstSuccess.set(triple, text)
    const data = (ack.data ?? {}) as Record<string, unknown>
    // Another message's stored answer would show in the shape: a hint answers cellIds, ready {}.
    if (ack.success && key === 'game/hint' && !('cellIds' in data)) anomaly(`id reuse: ${triple} → ${text}`)
    if (ack.success && key === 'game/ready' && 'cellIds' in data) anomaly(`id reuse: ${triple} → ${text}`)
  }
}

/** Blasts 300 frames at once; the connection must be closed (4429), then it comes back. */
async function creditFlood(address: string, token: string) {
  while (running) {
    let socket: SocketClient
    try {
      socket = await SocketClient.open(target, address, token)
    } catch {
      counts.upgradeRefused++
      await Bun.sleep(1000)
      continue
    }
    socket.onMessage = () => {}
    let limited = 0
    socket.ws.addEventListener('message', (e) => {
      if (String(e.data).includes('"RATE_LIMITED"')) limited++
    })
    for (let i = 0; i < 300; i++) socket.send('user/checkword', { lang: 'en', word: 'flood' }, i)
    counts.floodFrames += 300
    const code = await Promise.race([socket.closed, Bun.sleep(5000).then(() => null)])
    counts.rateLimitedAcks += limited
    if (code === null) {
      anomaly('a credit flood was not closed within 5 s')
      socket.close()
    } else countClose(code)
    await Bun.sleep(1000)
  }
}

/** Calls without a token, sign-ins, log lines and bad paths, one after another (2 ms apart). */
async function httpFlood(address: string) {
  const calls = [
    () => api(target, `/api/games/${gameId}`, { address }),
    () => api(target, '/api/auth/signin', { address, body: { nickname: `Flood ${Math.random()}` } }),
    () => api(target, '/api/logs', { address, body: { level: 'info', message: 'flood' } }),
    () => api(target, `/api/waiting-rooms/%00`, { address, method: 'DELETE' }),
  ]
  while (running) {
    const { status } = await calls[Math.floor(Math.random() * calls.length)]()
    counts.http[status] = (counts.http[status] ?? 0) + 1
    if (status >= 500) anomaly(`HTTP ${status}`)
    await Bun.sleep(2)
  }
}

const attackStarted = performance.now()
const attackFrom = Date.now()
const flooders = [1, 2, 3].map((i) => signIn(target, `Flooder ${i}`, `10.4.${i}.1`))
const unreaders = [1, 2, 3].map((i) => signIn(target, `Unread ${i}`, '10.2.0.1'))
const attackers = [
  ...(ONLY.has('topics') ? Array.from({ length: 20 }, (_, i) => topicFlood(`10.1.${i % 4}.1`)) : []),
  ...(ONLY.has('unread')
    ? (await Promise.all(unreaders)).flatMap((auth) =>
        Array.from({ length: 10 }, () => unread('10.2.0.1', auth.token)),
      )
    : []),
  ...(ONLY.has('reuse') ? Array.from({ length: 5 }, (_, i) => idReuse(`10.3.${i}.1`, `Reuser ${i}`)) : []),
  ...(ONLY.has('credits')
    ? (await Promise.all(flooders)).flatMap((auth, i) =>
        Array.from({ length: 3 }, () => creditFlood(`10.4.${i + 1}.1`, auth.token)),
      )
    : []),
  ...(ONLY.has('http') ? Array.from({ length: 3 }, (_, i) => httpFlood(`10.5.${i}.1`)) : []),
].map((attack) => attack.catch((err) => anomaly(`attacker failed: ${err}`)))

await Bun.sleep(SECONDS * 1000)
const attackUntil = Date.now()
const cpuDuring = server.cpuSec() - cpuBefore
running = false
const report = new Promise<HonestReport>((resolve) => {
  honest.onmessage = (event) => {
    if (event.data.type === 'done') resolve(event.data)
  }
})
honest.postMessage({ type: 'stop' })
const honestReport = await report
const attackMs = performance.now() - attackStarted
await Promise.all(attackers)
honest.terminate()
await Bun.sleep(2000)
clearInterval(sampler)
const rssAfter = server.rssMb()
const alive = server.alive()
if (!alive) anomaly('the server process died')
for (const r of server.records.filter((r) => r.level === 'error'))
  anomaly(`server error: ${r.msg} ${JSON.stringify(r.err ?? '')}`)
for (const refused of honestReport.refused) anomaly(`honest refused: ${refused}`)
if (honestReport.timeouts > 0) anomaly(`honest acks missing: ${honestReport.timeouts}`)
for (const code of honestReport.closes) anomaly(`honest socket closed: ${code}`)
if (ONLY.has('credits') && !counts.closes[4429]) anomaly('no connection was closed with 4429')
const shed = server.records.filter((r) => r.msg === 'closing a socket that does not read').length
const collections = server.records.filter((r) => r.msg === 'full collection after growth').map((r) => r.ms)
await server.stop()

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return {
    n: sorted.length,
    p50: round(quantile(sorted, 0.5), 1),
    p99: round(quantile(sorted, 0.99), 1),
    max: round(sorted.at(-1) ?? Number.NaN, 1),
  }
}
const within = (timed: Timed[], from: number, until: number) =>
  timed.filter(([at]) => at >= from && at <= until).map(([, ms]) => ms)
const { checkword, turn } = honestReport.latencies
const during = [...within(checkword, attackFrom, attackUntil), ...within(turn, attackFrom, attackUntil)]
const alone = [...within(checkword, aloneFrom, attackFrom), ...within(turn, aloneFrom, attackFrom)]
const p99 = quantile(
  [...during].sort((a, b) => a - b),
  0.99,
)
console.log(
  JSON.stringify({
    bench: 'abuse',
    db: server.db,
    seconds: round(attackMs / 1000, 1),
    rssMb: {
      before: round(rssBefore, 1),
      peak: round(rssPeak, 1),
      after: round(rssAfter, 1),
      growth: round(rssPeak - rssBefore, 1),
    },
    // The server's share of one core during the attack, and the machine's load (other work shares it).
    serverCpuPercent: round((100 * cpuDuring) / SECONDS, 1),
    loadAverage: round(loadavg()[0], 1),
    honestAckMs: {
      alone: summary(alone),
      duringAttack: summary(during),
      checkwordDuringAttack: summary(within(checkword, attackFrom, attackUntil)),
      turnDuringAttack: summary(within(turn, attackFrom, attackUntil)),
      games: honestReport.games,
    },
    attack: { ...counts, closedUnread1013: shed },
    // Only with BENCH_LOG_LEVEL=debug: the full collections the server's memory floor ran, in ms.
    fullCollectionsMs: collections,
    targets: { honestP99Under100ms: p99 < 100, rssGrowthUnder100Mb: rssPeak - rssBefore < 100 },
    anomalies,
  }),
)
process.exit(0)
