/**
 * Arena load: N signed-in clients with sockets (ratings spread 1000–1400) all ask for a random
 * opponent at the same moment; every one must hear `game/created` exactly once, in a game with
 * one other of them. One JSON line: pairs, duplicates, unpaired, time to pair.
 *
 *   bun bench/arena-load.ts [--clients 200] [--timeout 60]
 *
 * Runs on a fresh PGlite folder, or with DATABASE_URL on a fresh database created next to the one
 * named there (and dropped afterwards): the bench never writes into an existing database.
 */
import { eq } from 'drizzle-orm'
import type { GameView } from '../engine/index.ts'
import { users } from '../src/db/schema/index.ts'
import { flags } from './lib/dictionaries.ts'
import { postData } from './lib/http.ts'
import { startScratchServer } from './lib/scratch-server.ts'
import { quantile, round, summary } from './lib/stats.ts'

const args = flags(process.argv.slice(2))
const CLIENTS = Number(args.get('clients') ?? 200)
const TIMEOUT_MS = Number(args.get('timeout') ?? 60) * 1000

const scratch = await startScratchServer()
const { server, base } = scratch
const db = server.app.decorator.core.db
const call = <T>(path: string, token: string | null, body: unknown) => postData<T>(base, path, token, body)

interface Client {
  uid: string
  token: string
  ws: WebSocket
  created: { game: GameView; at: number }[]
  askedAt: number
}

async function client(i: number): Promise<Client> {
  const { uid, token, ws } = await scratch.connect(`Arena Load ${i}`)
  await db
    .update(users)
    .set({ eloPvp: 1000 + ((i * 37) % 400) })
    .where(eq(users.id, uid))
  const c: Client = { uid, token, ws, created: [], askedAt: 0 }
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(String(e.data))
    if (m.type === 'game' && m.event === 'created')
      c.created.push({ game: m.payload.game, at: performance.now() })
  })
  return c
}

const clients: Client[] = []
for (let i = 0; i < CLIENTS; i += 20)
  clients.push(
    ...(await Promise.all(Array.from({ length: Math.min(20, CLIENTS - i) }, (_, k) => client(i + k)))),
  )

// All at once.
const started = performance.now()
const answers = await Promise.all(
  clients.map((c) => {
    c.askedAt = performance.now()
    return call<{ room: { roomId: string } }>('/api/waiting-rooms', c.token, {
      type: 'classic',
      mode: 'randomPlayer',
      lang: 'en',
    }).then(() => performance.now() - c.askedAt)
  }),
)
const deadline = Date.now() + TIMEOUT_MS
while (clients.some((c) => c.created.length === 0) && Date.now() < deadline) await Bun.sleep(20)
const allPairedMs = performance.now() - started
await Bun.sleep(1500) // anything arriving late would be a duplicate

const games = new Map<string, GameView>()
for (const c of clients) for (const { game } of c.created) games.set(game.id, game)
const uidsInGames = [...games.values()].flatMap((g) => g.opponents)
const ours = new Set(clients.map((c) => c.uid))
const badGames = [...games.values()].filter(
  (g) => g.opponents[0] === g.opponents[1] || !g.opponents.every((uid) => ours.has(uid)),
).length
const waits = clients
  .filter((c) => c.created.length > 0)
  .map((c) => c.created[0].at - c.askedAt)
  .sort((a, b) => a - b)
const createMs = [...answers].sort((a, b) => a - b)

for (const c of clients) c.ws.close()
await scratch.finish('arena-load', {
  clients: CLIENTS,
  pairs: games.size,
  duplicates: clients.filter((c) => c.created.length > 1).length,
  inTwoGames: uidsInGames.length - new Set(uidsInGames).size,
  badGames,
  unpaired: clients.filter((c) => c.created.length === 0).length,
  allPairedMs: round(allPairedMs, 0),
  queueAnswerMs: { p50: round(quantile(createMs, 0.5), 1), p95: round(quantile(createMs, 0.95), 1) },
  timeToGameMs: summary(waits, 0),
})
