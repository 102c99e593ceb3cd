/**
 * Turn latency over a real socket: milliseconds from sending `game/turn` to its ack (the commit of
 * snapshot + history row included), and to the opponent hearing `game/events`. Two players meet in
 * a friend room and play classic games with words from the move generator. One JSON line.
 *
 *   bun bench/turn-latency.ts [--turns N]
 *
 * Runs on a fresh PGlite folder, or with DATABASE_URL on a fresh database created next to the one
 * named there (and dropped afterwards): the bench never writes into an existing database.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import {
  chooseMove,
  createRng,
  dictionaryMoveSource,
  type Game,
  type GameView,
  type MoveSource,
} from '../engine/index.ts'
import { parseConfig } from '../src/config.ts'
import { loadDictionaries } from '../src/dictionaries/store.ts'
import { createLogger } from '../src/observability/log.ts'
import { runServer } from '../src/server.ts'
import { quantile, round } from './lib/stats.ts'

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return {
    p50: round(quantile(sorted, 0.5), 2),
    p95: round(quantile(sorted, 0.95), 2),
    max: round(sorted.at(-1) ?? Number.NaN, 2),
  }
}

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const TURNS = arg('turns', 200)

const dataDir = mkdtempSync(join(tmpdir(), 'wt-bench-'))
const admin = process.env.DATABASE_URL
  ? postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} })
  : null
const scratchDb = `wt_bench_${Date.now().toString(36)}`
let databaseUrl = ''
if (admin) {
  await admin.unsafe(`create database "${scratchDb}"`)
  const url = new URL(process.env.DATABASE_URL as string)
  url.pathname = `/${scratchDb}`
  databaseUrl = url.toString()
}
const config = parseConfig({
  ...process.env,
  DATABASE_URL: databaseUrl,
  PORT: '0',
  DATA_DIR: join(dataDir, 'db'),
  JWT_SECRET: 'bench-secret-bench-secret-bench',
  LOG_LEVEL: 'error',
})
const dictionaries = loadDictionaries(config.dictionariesDir)
const server = await runServer({ config, log: createLogger({ level: 'error' }), dictionaries })
const base = `http://127.0.0.1:${server.port}`

async function call<T>(path: string, token: string | null, body: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as { success: boolean; data: T; error?: unknown }
  if (!json.success) throw new Error(`${path}: ${JSON.stringify(json.error)}`)
  return json.data
}

interface Player {
  token: string
  ws: WebSocket
  pending: Map<string, (payload: unknown) => void>
  onEvents: ((p: { gameId: string; ts: number }) => void) | null
}

async function connect(nickname: string): Promise<Player> {
  const { auth } = await call<{ auth: { token: string } }>('/api/auth/signin', null, { nickname })
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws?token=${auth.token}`)
  await new Promise((r) => ws.addEventListener('open', r, { once: true }))
  const player: Player = { token: auth.token, ws, pending: new Map(), onEvents: null }
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(String(e.data))
    if (m.type === 'ack') player.pending.get(m.id)?.(m.payload)
    else if (m.type === 'game' && m.event === 'events') player.onEvents?.(m.payload)
  })
  return player
}

let nextId = 0
function request(p: Player, key: string, payload: unknown): Promise<{ success: boolean; data?: unknown }> {
  const id = `b${nextId++}`
  const [type, event] = key.split('/')
  return new Promise((resolve) => {
    p.pending.set(id, (ack) => {
      p.pending.delete(id)
      resolve(ack as { success: boolean })
    })
    p.ws.send(JSON.stringify({ type, event, payload, timestamp: Date.now(), id }))
  })
}

const players = [await connect('Bench One'), await connect('Bench Two')]
const dict = dictionaries.get('en', 'default')
if (!dict) throw new Error('no en dictionary')
const source = dictionaryMoveSource(dict) as MoveSource
const rng = createRng(1)
const toAck: number[] = []
const toOpponent: number[] = []

while (toAck.length < TURNS) {
  const { room } = await call<{ room: { roomId: string } }>('/api/waiting-rooms', players[0].token, {
    type: 'classic',
    mode: 'friend',
    lang: 'en',
  })
  const { gameId } = await call<{ gameId: string }>('/api/waiting-rooms/join', players[1].token, {
    roomId: room.roomId,
  })
  await Promise.all(players.map((p) => request(p, 'game/ready', { gameId })))
  let game: GameView
  for (;;) {
    game = (await fetch(`${base}/api/games/${gameId}`).then((r) => r.json())).data
    if (game.state === 'active') break
    await Bun.sleep(50)
  }
  while (game.state === 'active' && toAck.length < TURNS) {
    const side = game.turnAvailable as 0 | 1
    const move = chooseMove(game as Game, side, 'medium', dict, source, rng)
    if (!move) break
    const opponent = players[1 - side]
    const heard = new Promise<number>((resolve) => {
      opponent.onEvents = (p) => {
        if (p.gameId === gameId && p.ts === game.ts + 1) resolve(performance.now())
      }
    })
    const sent = performance.now()
    const ack = await request(players[side], 'game/turn', { gameId, cellIds: move.cellIds })
    toAck.push(performance.now() - sent)
    toOpponent.push((await heard) - sent)
    if (!ack.success) throw new Error(`turn refused: ${JSON.stringify(ack)}`)
    game = (await fetch(`${base}/api/games/${gameId}`).then((r) => r.json())).data
  }
}

for (const p of players) p.ws.close()
await server.stop()
rmSync(dataDir, { recursive: true, force: true })
if (admin) {
  await admin.unsafe(`drop database if exists "${scratchDb}" with (force)`)
  await admin.end()
}
console.log(
  JSON.stringify({
    bench: 'turn-latency',
    db: server.database.kind,
    turns: toAck.length,
    ackMs: summary(toAck),
    opponentHearsMs: summary(toOpponent),
  }),
)
