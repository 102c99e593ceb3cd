/**
 * A rolling restart: each of three processes in turn gets SIGTERM (and exits cleanly) and a fresh
 * one starts in its place, while a game is played. The stopping owner hands its game over, so the
 * next action is answered without waiting for the lease to expire; a player whose process stopped
 * reconnects to another; every acknowledged word is in the finished game.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test'
import type { GameView } from '../../engine/index.ts'
import {
  ask,
  type Node,
  type PlayResult,
  playOn,
  type Seat,
  startCluster,
  type TestCluster,
} from './cluster.ts'
import { GameMirror } from './game-mirror.ts'
import type { TestSocket } from './ws-client.ts'

setDefaultTimeout(240_000)

let cluster: TestCluster
beforeAll(async () => {
  cluster = await startCluster(3)
}, 120_000)
afterAll(() => cluster?.dispose())

test('SIGTERM of each process in turn, replaced by a fresh one: the game goes on and finishes', async () => {
  const [n0, n1, n2] = cluster.nodes
  const users = [await cluster.signIn(n0, 'Rolling A'), await cluster.signIn(n2, 'Rolling B')]
  const at: Node[] = [n0, n2]
  const sockets: TestSocket[] = [
    await cluster.connect(n0, users[0].token),
    await cluster.connect(n2, users[1].token),
  ]
  const room = (
    await cluster.call(n0, '/api/waiting-rooms', users[0].token, {
      type: 'classic',
      mode: 'friend',
      lang: 'en',
    })
  ).body.data.room
  const gameId = (await cluster.call(n1, '/api/waiting-rooms/join', users[1].token, { roomId: room.code }))
    .body.data.gameId as string
  const created = ((await sockets[0].event('game/created', 5000)).payload as { game: GameView }).game
  const mirrors = [new GameMirror(sockets[0], created), new GameMirror(sockets[1], created)]
  const seats = (): [Seat, Seat] => [
    { socket: sockets[0], mirror: mirrors[0] },
    { socket: sockets[1], mirror: mirrors[1] },
  ]
  for (const s of sockets) expect((await ask(s, 'game/ready', { gameId })).success).toBe(true)
  await mirrors[0].waitUntil((v) => v.state === 'active', 8000, 'the start')
  const results: PlayResult[] = [await playOn(gameId, seats, { stopAfter: 2 })]

  for (const old of [n1, n0, n2]) {
    const wasOwner = (await cluster.ownerOf(gameId)) === old
    old.proc.child.kill('SIGTERM')
    expect(await old.proc.child.exited).toBe(0)
    const fresh = await cluster.start()
    // Players of the stopped process were closed with 1001 ("going away"): they reconnect elsewhere.
    for (const side of [0, 1] as const) {
      if (at[side] !== old) continue
      expect((await sockets[side].waitClosed()).code).toBe(1001)
      at[side] = fresh
      sockets[side] = await cluster.connect(fresh, users[side].token)
      mirrors[side] = new GameMirror(sockets[side], await cluster.view(fresh, gameId))
    }
    const started = Date.now()
    const next = await playOn(gameId, seats, { stopAfter: 1 })
    // Handed over on SIGTERM: no waiting for the lease (LEASE_TTL_MS, 7 s) to run out.
    if (wasOwner) expect(Date.now() - started).toBeLessThan(5000)
    results.push(next, await playOn(gameId, seats, { stopAfter: 1 }))
    expect(await cluster.ownerOf(gameId)).not.toBe(old)
  }

  results.push(await playOn(gameId, seats))
  const final = await mirrors[0].waitUntil((v) => v.state === 'over', 15_000, 'the end')
  await mirrors[1].waitTs(final.ts)
  expect(mirrors[1].view).toEqual(final)
  expect(await cluster.view(at[1], gameId)).toEqual(final)
  const acked = results.flatMap((r) => [...r.acked[0], ...r.acked[1]])
  for (const word of acked) expect(final.wordsUsed).toContain(word)
  expect(final.wordsUsed).toHaveLength(acked.length)
})
