/**
 * Watcher counts (docs/server.md "Spectating"): observe/leave-observe spam does not push a
 * `game/watchers` per toggle: at most one push a second per game, and the last count always arrives.
 */
import { expect, test } from 'bun:test'
import { WATCHERS_PUSH_EVERY_MS } from '../../src/games/watchers.ts'
import { useServer } from './clients.ts'
import { describeServer } from './harness.ts'
import type { Received } from './ws-client.ts'

describeServer('watcher counts', (db) => {
  const fixture = useServer(db)

  test('a burst of toggles makes at most one push a second, ending on the true count', async () => {
    const player = await fixture.player('Watched')
    const a = await fixture.player('Toggler')
    const b = await fixture.player('Late watcher')
    const created = await fixture.post('/api/waiting-rooms', player.token, {
      type: 'classic',
      mode: 'computer',
      lang: 'en',
      extraParams: { level: 'veryEasy' },
    })
    const gameId = created.body.data.room.gameId as string
    const isWatchers = (m: Received) =>
      m.type === 'game' && m.event === 'watchers' && (m.payload as { gameId: string }).gameId === gameId

    const started = performance.now()
    for (let i = 0; i < 12; i++) {
      expect((await a.socket.request('game/observe', { gameId })).success).toBe(true)
      expect((await a.socket.request('game/leaveObserve', { gameId })).success).toBe(true)
    }
    expect((await a.socket.request('game/observe', { gameId })).success).toBe(true)
    expect((await b.socket.request('game/observe', { gameId })).success).toBe(true)
    const toggled = performance.now() - started

    // Two watchers now: only the final state has that count, and it must reach the player.
    await player.socket.waitFor((m) => isWatchers(m) && (m.payload as { count: number }).count === 2, 5000)
    const pushes = player.socket.received.filter(isWatchers)
    expect(pushes.length).toBeLessThanOrEqual(Math.ceil(toggled / WATCHERS_PUSH_EVERY_MS) + 1)
    expect(pushes.length).toBeLessThan(26)
    expect(pushes.at(-1)?.payload).toMatchObject({ count: 2 })
    // Nothing more comes after the last value: the cooldown runs out on the clock, and a round trip
    // on the player's connection (answered after anything the cooldown sent) shows no new push.
    fixture.server().clock.elapse(WATCHERS_PUSH_EVERY_MS + 300)
    expect((await player.socket.request('user/presenceSubscribe', { uids: [] })).success).toBe(true)
    expect(player.socket.received.filter(isWatchers)).toHaveLength(pushes.length)
  })
})
