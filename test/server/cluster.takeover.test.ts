/**
 * The owner of a game dies (SIGKILL) mid-game, then the process that took it over dies too: each
 * time another process takes the game over from the stored version within the lease, the players'
 * pending actions are answered (none left without an ack), and the game finishes on the last
 * process with every acknowledged word kept and no version skipped or repeated.
 */
import { expect, test } from 'bun:test'
import { clusterSuite, type Node, playOn, startFriendGame } from './cluster.ts'
import { GameMirror } from './game-mirror.ts'
import type { TestSocket } from './ws-client.ts'

const suite = clusterSuite(3)

async function ownerOf(gameId: string): Promise<Node> {
  const node = await suite().ownerOf(gameId)
  if (!node) throw new Error(`no live node owns ${gameId}`)
  return node
}

const kill = async (node: Node) => {
  node.proc.child.kill('SIGKILL')
  await node.proc.child.exited
}

test('SIGKILL of the owner, then of the next: the game finishes on the last process, every acked word kept', async () => {
  const [n0, n1, n2] = suite().nodes
  const a = await suite().signIn(n0, 'Takeover A')
  const b = await suite().signIn(n2, 'Takeover B')
  const sockets: [TestSocket, TestSocket] = [
    await suite().connect(n0, a.token),
    await suite().connect(n2, b.token),
  ]
  const nodeOf = [n0, n2]
  // Joined over n1's API: n1 makes the game and plays it, while neither player's socket is there.
  const { gameId, mirrors, seats } = await startFriendGame(suite(), [a, b], sockets, n0, n1)
  expect(await ownerOf(gameId)).toBe(n1)

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
  const afterTakeover = await suite().view(second, gameId)
  expect(afterTakeover.ts).toBe(atKill.ts + 1)
  expect(afterTakeover.wordsUsed.slice(0, atKill.wordsUsed.length)).toEqual(atKill.wordsUsed)

  const more = await playOn(gameId, seats, { stopAfter: 2 })

  // The new owner dies too; its player comes back on the last process.
  await kill(second)
  const last = second === n0 ? n2 : n0
  const moved = nodeOf.indexOf(second)
  const player = moved === 0 ? a : b
  sockets[moved] = await suite().connect(last, player.token)
  const other = mirrors[1 - moved]
  mirrors[moved] = new GameMirror(sockets[moved], await suite().view(last, gameId))
  const rest = await playOn(gameId, seats)
  const final = await other.waitUntil((v) => v.state === 'over', 15_000, 'the end')
  expect(await ownerOf(gameId)).toBe(last)

  await mirrors[moved].waitTs(final.ts)
  expect(await suite().view(last, gameId)).toEqual(final)
  expect(mirrors[moved].view).toEqual(final)
  const acked = [before, middle, more, rest].flatMap((r) => [...r.acked[0], ...r.acked[1]])
  expect(acked.length).toBeGreaterThan(7)
  for (const word of acked) expect(final.wordsUsed).toContain(word)
  // Nothing applied twice: one stored word per acked turn, the history without a repeated version.
  expect(final.wordsUsed).toHaveLength(acked.length)
  const history = await suite().sql()`select ts from game_history where game_id = ${gameId} order by ts`
  const versions = history.map((r) => Number(r.ts))
  expect(new Set(versions).size).toBe(versions.length)
  expect(versions.at(-1)).toBe(final.ts)
})
