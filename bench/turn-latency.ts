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
import { createRng, type GameView } from '../engine/index.ts'
import { wordPicker } from './lib/client-move.ts'
import { flags } from './lib/dictionaries.ts'
import { postData } from './lib/http.ts'
import { startScratchServer } from './lib/scratch-server.ts'
import { summary } from './lib/stats.ts'

const TURNS = Number(flags(process.argv.slice(2)).get('turns') ?? 200)

const scratch = await startScratchServer()
const { base } = scratch
const call = <T>(path: string, token: string | null, body: unknown) => postData<T>(base, path, token, body)

interface Player {
  token: string
  ws: WebSocket
  pending: Map<string, (payload: unknown) => void>
  onEvents: ((p: { gameId: string; ts: number }) => void) | null
}

async function connect(nickname: string): Promise<Player> {
  const { token, ws } = await scratch.connect(nickname)
  const player: Player = { token, ws, pending: new Map(), onEvents: null }
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
const dict = scratch.dictionaries.get('en', 'default')
if (!dict) throw new Error('no en dictionary')
const words = wordPicker(dict)
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
    const move = words.good(game, side, rng)
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
await scratch.finish('turn-latency', {
  turns: toAck.length,
  ackMs: summary(toAck),
  opponentHearsMs: summary(toOpponent),
})
