/**
 * The owner of a game dies (SIGKILL) mid-game, then the process that took it over dies too: each
 * time another process takes the game over from the stored version within the lease, the players'
 * pending actions are answered (none left without an ack), and the game finishes on the last
 * process with every acknowledged word kept and no version skipped or repeated.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test'
import type { GameView } from '../../engine/index.ts'
import { ask, type Node, playOn, type Seat, startCluster, type TestCluster } from './cluster.ts'
import { GameMirror } from './game-mirror.ts'

setDefaultTimeout(180_000)

let cluster: TestCluster
beforeAll(async () => {
  cluster = await startCluster(3)
}, 120_000)
afterAll(() => cluster?.dispose())

async function ownerOf(gameId: string): Promise<Node> {
  const node = await cluster.ownerOf(gameId)
  if (!node) throw new Error(`no live node owns ${gameId}`)
  return node
}

const kill = async (node: Node) => {
  node.proc.child.kill('SIGKILL')
  await node.proc.child.exited
}

test('SIGKILL of the owner, then of the next: the game finishes on the last process, every acked word kept', async () => {
  const [n0, n1, n2] = cluster.nodes
  const a = await cluster.signIn(n0, 'Takeover A')
  const b = await cluster.signIn(n2, 'Takeover B')
  const sockets = [await cluster.connect(n0, a.token), await cluster.connect(n2, b.token)]
  const nodeOf = [n0, n2]
  const room = (
    await cluster.call(n0, '/api/waiting-rooms', a.token, { type: 'classic', mode: 'friend', lang: 'en' })
  ).body.data.room
  // Joined over n1's API: n1 makes the game and plays it, while neither player's socket is there.
  const gameId = (await cluster.call(n1, '/api/waiting-rooms/join', b.token, { roomId: room.code })).body.data
    .gameId as string
  const created = ((await sockets[0].event('game/created', 5000)).payload as { game: GameView }).game
  expect(await ownerOf(gameId)).toBe(n1)
  const mirrors = [new GameMirror(sockets[0], created), new GameMirror(sockets[1], created)]
  const seats = (): [Seat, Seat] => [
    { socket: sockets[0], mirror: mirrors[0] },
    { socket: sockets[1], mirror: mirrors[1] },
  ]
  for (const s of sockets) expect((await ask(s, 'game/ready', { gameId })).success).toBe(true)
  await mirrors[0].waitUntil((v) => v.state === 'active', 8000, 'the start')

  const before = await playOn(gameId, seats, { stopAfter: 4 })
  const atKill = structuredClone(await mirrors[1].waitTs(mirrors[0].view.ts))

  // The owner dies. The next turn waits on it, then on the take-over, and is answered.
  await kill(n1)
  const killedAt = Date.now()
  const middle = await playOn(gameId, seats, { stopAfter: 1 })
  const takeoverMs = Date.now() - killedAt
  expect(middle.turns).toBe(1)
  expect(takeoverMs).toBeLessThan(20_000)
  const second = await ownerOf(gameId)
  expect([n0, n2]).toContain(second)
  const afterTakeover = await cluster.view(second, gameId)
  expect(afterTakeover.ts).toBe(atKill.ts + 1)
  expect(afterTakeover.wordsUsed.slice(0, atKill.wordsUsed.length)).toEqual(atKill.wordsUsed)

  const more = await playOn(gameId, seats, { stopAfter: 2 })

  // The new owner dies too; its player comes back on the last process.
  await kill(second)
  const last = second === n0 ? n2 : n0
  const moved = nodeOf.indexOf(second)
  const player = moved === 0 ? a : b
  sockets[moved] = await cluster.connect(last, player.token)
  const other = mirrors[1 - moved]
  mirrors[moved] = new GameMirror(sockets[moved], await cluster.view(last, gameId))
  const rest = await playOn(gameId, seats)
  const final = await other.waitUntil((v) => v.state === 'over', 15_000, 'the end')
  expect(await ownerOf(gameId)).toBe(last)

  await mirrors[moved].waitTs(final.ts)
  expect(await cluster.view(last, gameId)).toEqual(final)
  expect(mirrors[moved].view).toEqual(final)
  const acked = [before, middle, more, rest].flatMap((r) => [...r.acked[0], ...r.acked[1]])
  expect(acked.length).toBeGreaterThan(7)
  for (const word of acked) expect(final.wordsUsed).toContain(word)
  // Nothing applied twice: one stored word per acked turn, the history without a repeated version.
  expect(final.wordsUsed).toHaveLength(acked.length)
  const history = await cluster.sql()`select ts from game_history where game_id = ${gameId} order by ts`
  const versions = history.map((r) => Number(r.ts))
  expect(new Set(versions).size).toBe(versions.length)
  expect(versions.at(-1)).toBe(final.ts)
})
