/**
 * A rolling restart: each of three processes in turn gets SIGTERM (and exits cleanly) and a fresh
 * one starts in its place, while a game is played. The stopping owner hands its game over, so the
 * next action is answered without waiting for the lease to expire; a player whose process stopped
 * reconnects to another; every acknowledged word is in the finished game.
 */
import { expect, test } from 'bun:test'
import { clusterSuite, type Node, type PlayResult, playOn, startFriendGame } from './cluster.ts'
import { GameMirror } from './game-mirror.ts'
import type { TestSocket } from './ws-client.ts'

const suite = clusterSuite(3)

test('SIGTERM of each process in turn, replaced by a fresh one: the game goes on and finishes', async () => {
  const [n0, n1, n2] = suite().nodes
  const users = [await suite().signIn(n0, 'Rolling A'), await suite().signIn(n2, 'Rolling B')]
  const at: Node[] = [n0, n2]
  const sockets: [TestSocket, TestSocket] = [
    await suite().connect(n0, users[0].token),
    await suite().connect(n2, users[1].token),
  ]
  // Made on n0, joined over n1's API: n1 plays the game, neither player's socket is there.
  const { gameId, mirrors, seats } = await startFriendGame(suite(), [users[0], users[1]], sockets, n0, n1)
  const results: PlayResult[] = [await playOn(gameId, seats, { stopAfter: 2 })]

  for (const old of [n1, n0, n2]) {
    const wasOwner = (await suite().ownerOf(gameId)) === old
    const oldPid = old.proc.child.pid
    old.proc.child.kill('SIGTERM')
    expect(await old.proc.child.exited).toBe(0)
    // Handed over on SIGTERM: the stopped owner gave its lease back before it exited (else it
    // would hold the game until the lease ran out, LEASE_TTL_MS = 7 s).
    if (wasOwner) expect(String(await suite().leaseHolder(gameId))).not.toContain(`-${oldPid}-`)
    const fresh = await suite().start()
    // Players of the stopped process were closed with 1001 ("going away"): they reconnect elsewhere.
    for (const side of [0, 1] as const) {
      if (at[side] !== old) continue
      expect((await sockets[side].waitClosed()).code).toBe(1001)
      at[side] = fresh
      sockets[side] = await suite().connect(fresh, users[side].token)
      mirrors[side] = new GameMirror(sockets[side], await suite().view(fresh, gameId))
    }
    const next = await playOn(gameId, seats, { stopAfter: 1 })
    results.push(next, await playOn(gameId, seats, { stopAfter: 1 }))
    expect(await suite().ownerOf(gameId)).not.toBe(old)
  }

  results.push(await playOn(gameId, seats))
  const final = await mirrors[0].waitUntil((v) => v.state === 'over', 15_000, 'the end')
  await mirrors[1].waitTs(final.ts)
  expect(mirrors[1].view).toEqual(final)
  expect(await suite().view(at[1], gameId)).toEqual(final)
  const acked = results.flatMap((r) => [...r.acked[0], ...r.acked[1]])
  for (const word of acked) expect(final.wordsUsed).toContain(word)
  expect(final.wordsUsed).toHaveLength(acked.length)
})
