/**
 * Three processes of one deployment (Postgres + Redis): a friend game whose players sit on two
 * processes and whose observer watches from the third is played to its end; every socket sees
 * every version in order, and each final view equals what another process answers to GET.
 */
import { expect, test } from 'bun:test'
import type { GameView } from '../../engine/index.ts'
import { ask, clusterSuite, playOn } from './cluster.ts'
import { GameMirror } from './game-mirror.ts'

const suite = clusterSuite(3)

test('players on two processes, an observer on a third: played to the end, views equal GET elsewhere', async () => {
  const [n0, n1, n2] = suite().nodes
  const host = await suite().signIn(n0, 'Cluster Host')
  const guest = await suite().signIn(n1, 'Cluster Guest')
  const sh = await suite().connect(n0, host.token)
  const sg = await suite().connect(n1, guest.token)

  // Presence crosses processes: the host (on n0) sees the guest (on n1) online, then offline.
  const probe = await suite().connect(n0, host.token)
  // (n0 hears of the guest's socket through Redis a moment after it opened: ask until it has.)
  let seenOnline = false
  for (let i = 0; i < 30 && !seenOnline; i++) {
    const asked = probe.waitForNext((m) => m.event === 'update' && m.type === 'presence')
    expect((await ask(probe, 'user/presenceSubscribe', { uids: [guest.uid] })).success).toBe(true)
    seenOnline = ((await asked).payload as Record<string, number>)[guest.uid] === 1
    if (!seenOnline) await Bun.sleep(100)
  }
  expect(seenOnline).toBe(true)

  // The room is made on n0 and joined on n1: n1 stores the game and plays it.
  const room = (
    await suite().call(n0, '/api/waiting-rooms', host.token, { type: 'classic', mode: 'friend', lang: 'en' })
  ).body.data.room
  const joined = await suite().call(n1, '/api/waiting-rooms/join', guest.token, { roomId: room.code })
  expect(joined.status).toBe(200)
  const gameId = joined.body.data.gameId as string
  // game/created reaches the host on the other process.
  const created = ((await sh.event('game/created', 5000)).payload as { game: GameView }).game
  expect(created.id).toBe(gameId)
  expect(created.opponents).toEqual([host.uid, guest.uid])

  // The observer: a visitor on the third process.
  const so = await suite().watch(n2)
  const observed = await ask(so, 'game/observe', { gameId })
  expect(observed.success).toBe(true)
  const mo = new GameMirror(so, (observed as { data: { game: GameView } }).data.game)
  // The watcher count adds up the processes: one on n2, then one more on n0.
  const watchers = (n: number) => (m: { event: string; payload: unknown }) =>
    m.event === 'watchers' && (m.payload as { count: number }).count === n
  await sg.waitFor(watchers(1), 5000)
  const so2 = await suite().watch(n0)
  expect((await ask(so2, 'game/observe', { gameId })).success).toBe(true)
  await sh.waitFor(watchers(2), 5000)
  await so.waitFor(watchers(2), 5000)
  await so2.close()
  await sg.waitForNext(watchers(1), 5000)
  const mh = new GameMirror(sh, created)
  const mg = new GameMirror(sg, created)

  // The host's actions go from n0 to n1 and their acks come back.
  expect((await ask(sh, 'game/ready', { gameId })).success).toBe(true)
  expect((await ask(sg, 'game/ready', { gameId })).success).toBe(true)
  await mh.waitUntil((v) => v.state === 'active', 8000, 'the start')

  const played = await playOn(gameId, () => [
    { socket: sh, mirror: mh },
    { socket: sg, mirror: mg },
  ])
  expect(played.turns).toBeGreaterThan(2)
  const final = await mh.waitUntil((v) => v.state === 'over', 10_000, 'the end')
  await mg.waitTs(final.ts)
  await mo.waitTs(final.ts)
  for (const node of [n0, n1, n2]) {
    const got = await suite().view(node, gameId)
    expect(got).toEqual(final)
    expect(mg.view).toEqual(got)
    expect(mo.view).toEqual(got)
  }
  for (const word of [...played.acked[0], ...played.acked[1]]) expect(final.wordsUsed).toContain(word)
  // game/finish reached both players and the observer, each on its own process.
  for (const socket of [sh, sg, so])
    await socket.waitFor((m) => m.type === 'game' && m.event === 'finish', 5000)
  // The settlement's user/update (made on n1) reaches the host on n0.
  await sh.waitFor((m) => m.type === 'user' && m.event === 'update', 5000)

  // Rematch: the host's offer goes from n0 to the game's process (n1), where the guest's meets it.
  expect(await ask(sh, 'game/rematch', { gameId })).toEqual({ success: true, data: { gameId: null } })
  await sg.waitFor(
    (m) => m.event === 'rematch' && (m.payload as { offers: boolean[] }).offers[0] === true,
    5000,
  )
  const accepted = await ask(sg, 'game/rematch', { gameId })
  expect(accepted.success).toBe(true)
  const next = (accepted as { data: { gameId: string } }).data.gameId
  expect(next).not.toBe(gameId)
  expect(await ask(sh, 'game/rematch', { gameId })).toEqual({ success: true, data: { gameId: next } })
  for (const socket of [sh, sg])
    await socket.waitFor(
      (m) => m.event === 'created' && (m.payload as { game: GameView }).game.id === next,
      5000,
    )

  // The guest leaves n1: the host's presence subscription on n0 hears it.
  await sg.close()
  const offline = await probe.waitFor(
    (m) => m.type === 'presence' && (m.payload as Record<string, number>)[guest.uid] === 0,
    5000,
  )
  expect(offline.payload).toEqual({ [guest.uid]: 0 })
})

test('a session ended on one process closes its sockets on the others with system/signout', async () => {
  const [n0, n1, n2] = suite().nodes
  const user = await suite().signIn(n0, 'Cluster Leaver')
  const s1 = await suite().connect(n1, user.token)
  const s2 = await suite().connect(n2, user.token)
  const ended = await suite().call(n0, '/api/auth/signout', user.token, {})
  expect(ended.status).toBe(200)
  for (const s of [s1, s2]) {
    await s.waitFor((m) => m.type === 'system' && m.event === 'signout', 5000)
    expect((await s.waitClosed()).code).toBe(4401)
  }
})
