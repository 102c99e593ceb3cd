/**
 * Several real processes of one deployment (src/main.ts, each with its own PORT) on a Postgres
 * database made for the test and the machine's Redis under a key prefix of the test's own.
 */

import { afterAll, beforeAll, setDefaultTimeout } from 'bun:test'
import { resolve } from 'node:path'
import postgres from 'postgres'
import { wordPicker } from '../../bench/lib/client-move.ts'
import type { GameView, Side } from '../../engine/index.ts'
import { type Dictionaries, loadDictionaries } from '../../src/dictionaries/store.ts'
import type { AckPayload } from '../../src/realtime/protocol.ts'
import { GameMirror } from './game-mirror.ts'
import { type ServerProcess, startMain } from './process.ts'
import { TestSocket } from './ws-client.ts'

// Not from harness.ts: importing it builds the PGlite template these tests never use.
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const SECRET = 'cluster-test-secret-0123456789abcdef'

export interface Node {
  proc: ServerProcess & { port: number }
  url: string
  ws: string
}

export interface ClusterOptions {
  /** Extra environment of every process (e.g. COMPUTER_DELAY_MS, REDIS_URL). */
  env?: Record<string, string>
  /** Start all at once (they race to migrate and to make the dailies); default one after another. */
  together?: boolean
}

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`

export async function startCluster(count: number, options: ClusterOptions = {}) {
  const name = `cluster_${tag()}`
  const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  const databaseUrl = new URL(TEST_DATABASE_URL)
  databaseUrl.pathname = `/${name}`
  const prefix = `test-${name}`
  const nodes: Node[] = []
  const sockets: TestSocket[] = []

  const env = () => ({
    JWT_SECRET: SECRET,
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    RATE_LIMITS: 'off',
    ...options.env,
  })
  const start = async (extra: Record<string, string> = {}): Promise<Node> => {
    const proc = await startMain({ ...env(), ...extra })
    const node = { proc, url: `http://127.0.0.1:${proc.port}`, ws: `ws://127.0.0.1:${proc.port}/ws` }
    nodes.push(node)
    return node
  }
  if (options.together) await Promise.all(Array.from({ length: count }, () => start()))
  // One after another: each start's log is easy to tell apart.
  else for (let i = 0; i < count; i++) await start()

  const call = async (node: Node, path: string, token: string | null, body?: unknown, method?: string) => {
    const res = await fetch(`${node.url}${path}`, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: res.status, body: await res.json() }
  }

  let scratchSql: ReturnType<typeof postgres> | null = null
  /** The test's own database (game_leases, history): opened on first use, closed by dispose. */
  const sql = () => {
    scratchSql ??= postgres(databaseUrl.toString(), { max: 1, onnotice: () => {} })
    return scratchSql
  }

  return {
    nodes,
    start,
    sql,
    /** The live node whose process holds the game's lease (process ids carry the pid), or null. */
    /** The process id written in the game's lease row (a stopped process's too), or null. */
    async leaseHolder(gameId: string): Promise<string | null> {
      const [row] = await sql()`select owner from game_leases where game_id = ${gameId}`
      return row ? String(row.owner) : null
    },
    async ownerOf(gameId: string): Promise<Node | null> {
      const [row] = await sql()`select owner from game_leases where game_id = ${gameId}`
      const owner = String(row?.owner)
      return (
        nodes.find((n) => n.proc.child.exitCode === null && owner.includes(`-${n.proc.child.pid}-`)) ?? null
      )
    },
    prefix,
    databaseUrl: databaseUrl.toString(),
    call,
    async signIn(node: Node, nickname: string): Promise<{ token: string; uid: string }> {
      const res = await call(node, '/api/auth/signin', null, { nickname })
      if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`)
      return res.body.data.auth
    },
    async connect(node: Node, token: string): Promise<TestSocket> {
      const socket = await TestSocket.connect(node.ws, token)
      sockets.push(socket)
      return socket
    },
    async watch(node: Node): Promise<TestSocket> {
      const socket = await TestSocket.connectWatchOnly(node.ws)
      sockets.push(socket)
      return socket
    },
    async view(node: Node, gameId: string): Promise<GameView> {
      const res = await call(node, `/api/games/${gameId}`, null)
      if (res.status !== 200) throw new Error(`GET game failed: ${JSON.stringify(res.body)}`)
      return res.body.data as GameView
    },
    async dispose(): Promise<void> {
      await Promise.all(sockets.map((s) => s.close().catch(() => {})))
      for (const node of nodes) node.proc.child.kill('SIGKILL')
      await Promise.all(nodes.map((n) => n.proc.child.exited))
      await scratchSql?.end({ timeout: 5 })
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end({ timeout: 5 })
    },
  }
}

export type TestCluster = Awaited<ReturnType<typeof startCluster>>

let dictionaries: Dictionaries | undefined
const loaded = () => {
  dictionaries ??= loadDictionaries(
    resolve(import.meta.dir, '../..', process.env.DICTIONARIES_DIR ?? 'dictionaries'),
  )
  return dictionaries
}
const words = () => wordPicker(loaded().get('en', 'default')!)

/** The languages whose dailies every process makes at start (those with a default word list). */
export const dailyLangs = () => loaded().langs.filter((lang) => loaded().get(lang, 'default'))

let nextId = 1
/**
 * Sends with a fresh id and waits for its ack up to `ms`: a forwarded action whose owner died
 * is answered only after the take-over (up to ~10 s), past TestSocket.request's 3 s.
 */
export async function ask(
  socket: TestSocket,
  key: string,
  payload: unknown,
  ms = 25_000,
): Promise<AckPayload> {
  const id = `cl-${process.pid}-${nextId++}`
  const ack = socket.waitForNext((m) => m.type === 'ack' && m.id === id, ms)
  socket.send(key, payload, id)
  return (await ack).payload as AckPayload
}

export interface Seat {
  socket: TestSocket
  mirror: GameMirror
}

export interface PlayResult {
  /** Words whose turn was acknowledged, per side. */
  acked: [string[], string[]]
  turns: number
}

/**
 * Plays best words until the game is over or `stopAfter` turns; without a word (or after 40 turns)
 * the side to move gives up. `seats()` is asked before every turn (a test may move a player to
 * another process). Every ack must be a success.
 */
export async function playOn(
  gameId: string,
  seats: () => [Seat, Seat],
  options: { stopAfter?: number; ackMs?: number } = {},
): Promise<PlayResult> {
  // Some boards let best-word play go on for hundreds of turns: past GIVE_UP_AFTER turns the side
  // to move resigns (an action like any other), so "to the end" ends.
  const GIVE_UP_AFTER = 40
  const picker = words()
  const acked: [string[], string[]] = [[], []]
  let turns = 0
  for (;;) {
    const [s0, s1] = seats()
    const view = await s0.mirror.waitUntil(
      (v) => v.state !== 'active' || v.turnAvailable !== null,
      15_000,
      'a side to move',
    )
    if (view.state !== 'active') break
    if (options.stopAfter !== undefined && turns >= options.stopAfter) break
    const side = view.turnAvailable as Side
    const seat = [s0, s1][side]
    const mine = await seat.mirror.waitTs(view.ts, 15_000)
    const move = turns >= GIVE_UP_AFTER ? null : picker.best(mine, side)
    if (!move) {
      const gaveUp = await ask(seat.socket, 'game/giveup', { gameId }, options.ackMs)
      if (!gaveUp.success) throw new Error(`giveup refused: ${JSON.stringify(gaveUp)}`)
      break
    }
    const ack = await ask(seat.socket, 'game/turn', { gameId, cellIds: move.cellIds }, options.ackMs)
    if (!ack.success || (ack.data as { word?: string }).word !== move.word)
      throw new Error(`turn ${turns + 1} refused: ${JSON.stringify(ack)}`)
    acked[side].push(move.word)
    turns++
    await s0.mirror.waitTs(view.ts + 1, 15_000)
    await s1.mirror.waitTs(view.ts + 1, 15_000)
  }
  return { acked, turns }
}

/**
 * A file's cluster: started before its tests, disposed after them; the tests' time limit is
 * raised for processes that start, die and take games over.
 */
export function clusterSuite(count: number, options: ClusterOptions = {}): () => TestCluster {
  setDefaultTimeout(240_000)
  let cluster: TestCluster | undefined
  beforeAll(async () => {
    cluster = await startCluster(count, options)
  }, 120_000)
  afterAll(() => cluster?.dispose())
  return () => {
    if (!cluster) throw new Error('the cluster did not start')
    return cluster
  }
}

export interface FriendGame {
  gameId: string
  /** Per side; a test may put a new socket and mirror in place (a player moved to another process). */
  sockets: [TestSocket, TestSocket]
  mirrors: [GameMirror, GameMirror]
  seats(): [Seat, Seat]
}

/**
 * A started friend game: the room made by side 0 over `roomAt`'s API, joined by side 1 over
 * `ownerAt`'s (that process stores the game and plays it), both ready. `sockets` are the players'.
 */
export async function startFriendGame(
  cluster: TestCluster,
  players: [{ token: string }, { token: string }],
  sockets: [TestSocket, TestSocket],
  roomAt: Node,
  ownerAt: Node,
): Promise<FriendGame> {
  const friend = { type: 'classic', mode: 'friend', lang: 'en' }
  const room = (await cluster.call(roomAt, '/api/waiting-rooms', players[0].token, friend)).body.data.room
  const joined = await cluster.call(ownerAt, '/api/waiting-rooms/join', players[1].token, {
    roomId: room.code,
  })
  const gameId = joined.body.data.gameId as string
  const created = ((await sockets[0].event('game/created', 10_000)).payload as { game: GameView }).game
  const mirrors: [GameMirror, GameMirror] = [
    new GameMirror(sockets[0], created),
    new GameMirror(sockets[1], created),
  ]
  for (const socket of sockets) {
    const ready = await ask(socket, 'game/ready', { gameId })
    if (!ready.success) throw new Error(`ready refused: ${JSON.stringify(ready)}`)
  }
  await mirrors[0].waitUntil((v) => v.state === 'active', 15_000, 'the start')
  return {
    gameId,
    sockets,
    mirrors,
    seats: () => [
      { socket: sockets[0], mirror: mirrors[0] },
      { socket: sockets[1], mirror: mirrors[1] },
    ],
  }
}
