/**
 * Stored acks (PROTOCOL.md Envelope): the stored answer is replayed only for the same user, id,
 * event and payload; the same id with another event or payload is a new message; refusals are not
 * kept; every message with an id gets exactly one ack, also while its duplicate is in flight.
 */
import { expect, test } from 'bun:test'
import { ackError, ackOk } from '../../src/realtime/handlers.ts'
import { useServer } from './clients.ts'
import { describeServer, signIn as signInAs } from './harness.ts'
import { TestSocket } from './ws-client.ts'

describeServer('stored acks', (db) => {
  /** Runs of the stand-in handler per gameId. */
  const runs = new Map<string, number>()
  const runsOf = (gameId: string) => runs.get(gameId) ?? 0
  const fixture = useServer(db, {
    extend: (core) =>
      // A stand-in with a state change to count: each run is one more.
      core.handlers.registerHandler(
        'game/hint',
        async (_ctx, { gameId, cost }) => {
          const run = runsOf(gameId) + 1
          runs.set(gameId, run)
          if (gameId.startsWith('slow')) await Bun.sleep(150)
          if (gameId.startsWith('refuse-once') && run === 1) return ackError('HINT_ERROR', 'not yet')
          return ackOk({ gameId, cost, run })
        },
        { replace: true },
      ),
  })
  const signIn = (name: string) => signInAs(fixture.server(), name)
  const connect = async (token: string) =>
    fixture.keep(await TestSocket.connect(fixture.server().wsUrl, token))

  test('the same message after a reconnect gets the stored answer and runs once, its keys in any order', async () => {
    const { token } = await signIn(`acks same ${db}`)
    const first = await connect(token)
    const answer = await first.request('game/hint', { gameId: 'same', cost: 3 }, 'm-1')
    expect(answer).toEqual({ success: true, data: { gameId: 'same', cost: 3, run: 1 } })
    await first.close()
    const second = await connect(token)
    expect(await second.request('game/hint', { gameId: 'same', cost: 3 }, 'm-1')).toEqual(answer)
    second.sendRaw(
      JSON.stringify({
        id: 'm-1',
        payload: { cost: 3, gameId: 'same' },
        event: 'hint',
        type: 'game',
        timestamp: 1,
      }),
    )
    expect((await second.waitForNext((m) => m.type === 'ack' && m.id === 'm-1')).payload).toEqual(answer)
    expect(runsOf('same')).toBe(1)
  })

  test('the same id with another payload or event is a new message; each keeps its own answer', async () => {
    const { token } = await signIn(`acks reuse ${db}`)
    const socket = await connect(token)
    const one = await socket.request('game/hint', { gameId: 'reuse', cost: 1 }, 7)
    const two = await socket.request('game/hint', { gameId: 'reuse', cost: 2 }, 7)
    expect(one).toMatchObject({ success: true, data: { cost: 1, run: 1 } })
    expect(two).toMatchObject({ success: true, data: { cost: 2, run: 2 } })
    // Another event under the same id reaches its own handler (the real game/ready: no such game).
    expect(await socket.request('game/ready', { gameId: 'reuse' }, 7)).toMatchObject({
      success: false,
      error: { code: 'GAME_NOT_FOUND' },
    })
    // A client that restarts its count after a reconnect: its old ids name new messages.
    await socket.close()
    const again = await connect(token)
    expect(await again.request('game/hint', { gameId: 'reuse', cost: 3 }, 7)).toMatchObject({
      data: { run: 3 },
    })
    expect(await again.request('game/hint', { gameId: 'reuse', cost: 1 }, 7)).toEqual(one)
    expect(await again.request('game/hint', { gameId: 'reuse', cost: 2 }, 7)).toEqual(two)
    // 7 and "7" are different ids.
    expect(await again.request('game/hint', { gameId: 'reuse', cost: 1 }, '7')).toMatchObject({
      data: { run: 4 },
    })
    expect(runsOf('reuse')).toBe(4)
  })

  test('another user with the same id and payload has a message of their own', async () => {
    const a = await connect((await signIn(`acks user a ${db}`)).token)
    const b = await connect((await signIn(`acks user b ${db}`)).token)
    await a.request('game/hint', { gameId: 'users', cost: 1 }, 'shared')
    expect(await b.request('game/hint', { gameId: 'users', cost: 1 }, 'shared')).toMatchObject({
      data: { run: 2 },
    })
  })

  test('a refusal is not stored: the resend runs again and its success is kept', async () => {
    const socket = await connect((await signIn(`acks refusal ${db}`)).token)
    const payload = { gameId: 'refuse-once', cost: 5 }
    expect(await socket.request('game/hint', payload, 'r')).toEqual({
      success: false,
      error: { code: 'HINT_ERROR', message: 'not yet' },
    })
    const ok = await socket.request('game/hint', payload, 'r')
    expect(ok).toMatchObject({ success: true, data: { run: 2 } })
    expect(await socket.request('game/hint', payload, 'r')).toEqual(ok)
    expect(runsOf('refuse-once')).toBe(2)
  })

  test('duplicates in flight: one run, and exactly one ack per copy on the connection it came on', async () => {
    const { token } = await signIn(`acks flight ${db}`)
    const a = await connect(token)
    const b = await connect(token)
    const frame = (cost: number) =>
      JSON.stringify({
        type: 'game',
        event: 'hint',
        payload: { gameId: 'slow-1', cost },
        id: 'dup',
        timestamp: 1,
      })
    for (let i = 0; i < 4; i++) a.sendRaw(frame(1))
    for (let i = 0; i < 3; i++) b.sendRaw(frame(1))
    // The same id with another payload, at the same time: a message of its own.
    b.sendRaw(frame(2))
    const isDup = (m: { type: string; id?: unknown }) => m.type === 'ack' && m.id === 'dup'
    const fromA = await a.collect(isDup, 4)
    const fromB = await b.collect(isDup, 4)
    // Anything late would be a second ack of some copy.
    await Bun.sleep(300)
    expect(a.received.filter(isDup)).toHaveLength(4)
    expect(b.received.filter(isDup)).toHaveLength(4)
    const cost1 = [...fromA, ...fromB].filter(
      (m) => (m.payload as { data: { cost: number } }).data.cost === 1,
    )
    expect(cost1).toHaveLength(7)
    expect(new Set(cost1.map((m) => JSON.stringify(m.payload))).size).toBe(1)
    expect(runsOf('slow-1')).toBe(2)
  })
})
