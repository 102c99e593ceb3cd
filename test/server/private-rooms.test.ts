/**
 * A private room is found by its code (link) or its secret, and the secret cannot be swept for:
 * weak secrets are refused when the room is made, and wrong guesses at joining are limited per
 * user (429 RATE_LIMITED with Retry-After).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { JOIN_MISSES, JOIN_WINDOW_MS } from '../../src/rooms/join-limit.ts'
import { SECRET_MIN_LENGTH } from '../../src/rooms/secret.ts'
import { describeServer, signIn, startServer, type TestServer } from './harness.ts'

describeServer('private rooms', (db) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ db })
  })
  afterAll(() => server.stop())

  const post = async (path: string, token: string, body: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    })
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() }
  }
  const proPlayer = async (name: string) => {
    const auth = await signIn(server, `${name} ${db}`)
    expect((await post('/api/subscription/trial', auth.token, {})).status).toBe(200)
    return auth
  }
  const privateRoom = (token: string, secret: string) =>
    post('/api/waiting-rooms', token, { type: 'classic', mode: 'friend', lang: 'en', secret })
  const join = (token: string, roomId: string) => post('/api/waiting-rooms/join', token, { roomId })

  test('a weak secret is refused when the room is made', async () => {
    const owner = await proPlayer('Keeper')
    for (const weak of [
      'love',
      'x'.repeat(SECRET_MIN_LENGTH - 1),
      '123456789',
      'aaaaaaaaaa',
      'elephant',
      'Elephant',
      'СОБАКАМИ',
    ]) {
      const res = await privateRoom(owner.token, weak)
      expect({ weak, status: res.status, code: res.body.error?.code }).toEqual({
        weak,
        status: 400,
        code: 'WEAK_SECRET',
      })
    }
    const strong = await privateRoom(owner.token, 'Blue-Otter-77')
    expect(strong.status).toBe(200)
    expect(strong.body.data.room).toMatchObject({ isPrivate: true })
  })

  test('wrong guesses are limited per user; the right secret then waits too; others are not affected', async () => {
    const owner = await proPlayer('Host')
    const room = (await privateRoom(owner.token, 'Quiet-Harbour-19')).body.data.room
    const sweeper = await signIn(server, `Sweeper ${db}`)
    for (let i = 0; i < JOIN_MISSES; i++) {
      const miss = await join(sweeper.token, `guess-number-${i}`)
      expect(miss.status).toBe(404)
    }
    const limited = await join(sweeper.token, 'Quiet-Harbour-19')
    expect(limited).toMatchObject({ status: 429, body: { success: false, error: { code: 'RATE_LIMITED' } } })
    expect(Number(limited.retryAfter)).toBeGreaterThan(0)
    expect(Number(limited.retryAfter)).toBeLessThanOrEqual(JOIN_WINDOW_MS / 1000)
    // The code still works for anyone else, and the room is still there.
    const friend = await signIn(server, `Friend ${db}`)
    expect((await join(friend.token, 'nothing-here-42')).status).toBe(404)

    // A minute on, the owner's client still pinging its room every 10 s.
    for (let waited = 0; waited < JOIN_WINDOW_MS; waited += 10_000) {
      server.clock.advance(10_000)
      expect((await post('/api/waiting-rooms/ping', owner.token, { roomId: room.roomId })).status).toBe(200)
    }
    const joined = await join(sweeper.token, 'Quiet-Harbour-19')
    expect(joined).toMatchObject({ status: 200, body: { data: { gameId: room.roomId, observe: false } } })
  })

  test('the code joins a private room too, in any case', async () => {
    const owner = await proPlayer('Coder')
    const room = (await privateRoom(owner.token, 'Paper-Kite-2024')).body.data.room
    const guest = await signIn(server, `Coded guest ${db}`)
    const joined = await join(guest.token, String(room.code).toLowerCase())
    expect(joined).toMatchObject({ status: 200, body: { data: { gameId: room.roomId } } })
  })
})
