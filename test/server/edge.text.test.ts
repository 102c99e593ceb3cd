/**
 * Every string from outside is checked at the edge for NUL and invalid UTF-8 (clean-text.ts):
 * path, query, JSON and form bodies answer 400 BAD_REQUEST, socket frames a BAD_REQUEST ack; never
 * a 500, nothing changed, the process serving on.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { describeServer, signIn, startServer, type TestServer } from './harness.ts'
import { TestSocket } from './ws-client.ts'

describeServer('clean text at the edge', (db) => {
  let server: TestServer
  let token = ''
  let uid = ''
  beforeAll(async () => {
    server = await startServer({ db })
    ;({ token, uid } = await signIn(server, `Clean ${db}`))
  })
  afterAll(() => server.stop())

  const expectBadRequest = async (res: Response) => {
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } })
  }
  const auth = () => ({ authorization: `Bearer ${token}` })

  test.each([
    ['DELETE', '/api/waiting-rooms/%00'],
    ['DELETE', '/api/waiting-rooms/%ff'],
    ['GET', '/api/games/a%00b'],
    ['GET', '/api/games/a%E2%82'],
    ['GET', '/api/user/%C0%80'],
    ['GET', '/api/rating?tab=%00'],
    ['GET', '/api/dailies?lang=%ff'],
    ['GET', '/game/%00'],
  ])('%s %s → 400, never 500', async (method, path) => {
    await expectBadRequest(await fetch(`${server.url}${path}`, { method, headers: auth() }))
  })

  test('a path with ordinary escapes still works', async () => {
    const res = await fetch(`${server.url}/api/games/caf%C3%A9`, { headers: auth() })
    expect(res.status).toBe(404)
  })

  test.each([
    ['a NUL escape in JSON', '{"nickname":"Ann\\u0000"}', 'application/json'],
    ['a lone surrogate in JSON', '{"nickname":"Ann\\ud800"}', 'application/json'],
    ['a NUL in a key', '{"nick\\u0000name":"Ann"}', 'application/json'],
    ['a NUL deep inside', '{"nickname":"Ann","x":[{"y":["\\u0000"]}]}', 'application/json'],
    ['a NUL in a form field', 'nickname=Ann%00', 'application/x-www-form-urlencoded'],
    ['invalid UTF-8 in a form field', 'nickname=Ann%ff', 'application/x-www-form-urlencoded'],
    ['a NUL in plain text', 'Ann\u0000', 'text/plain'],
  ])('%s → 400 and nobody signed in', async (_name, body, type) => {
    await expectBadRequest(
      await fetch(`${server.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      }),
    )
    expect(server.logs.filter((r) => r.level === 'error')).toEqual([])
  })

  test('invalid UTF-8 bytes in a JSON body → 400', async () => {
    const body = new Uint8Array([...new TextEncoder().encode('{"nickname":"Ann'), 0xff, 0xfe, 0x22, 0x7d])
    await expectBadRequest(
      await fetch(`${server.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }),
    )
  })

  test('a NUL in a room join, a room secret or a ping is refused before the database', async () => {
    for (const [path, body] of [
      ['/api/waiting-rooms/join', { roomId: 'AB\u0000CD' }],
      ['/api/waiting-rooms', { type: 'classic', mode: 'friend', lang: 'en', secret: 'x\u0000' }],
      ['/api/waiting-rooms/ping', { roomId: '\u0000' }],
    ] as const)
      await expectBadRequest(
        await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth() },
          body: JSON.stringify(body),
        }),
      )
    expect(server.logs.filter((r) => r.level === 'error')).toEqual([])
  })

  test('socket frames with a NUL or a lone surrogate get BAD_REQUEST; the connection stays usable', async () => {
    const socket = await TestSocket.connect(server.wsUrl, token)
    try {
      for (const payload of [{ gameId: 'g\u0000' }, { gameId: 'g\ud800' }]) {
        const ack = await socket.request('game/ready', payload)
        expect(ack).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } })
        expect(ack.success === false && ack.error.message).toContain('/payload/gameId')
      }
      const error = socket.waitForNext((m) => m.type === 'system' && m.event === 'error')
      socket.sendRaw('{"type":"user","event":"presenceSubscribe","payload":{"uids":["\\u0000"]}}')
      expect((await error).payload).toMatchObject({ code: 'BAD_REQUEST' })
      // Invalid UTF-8 can only come as a binary frame (Bun closes a text frame that is not UTF-8).
      const binary = socket.waitForNext((m) => m.type === 'system' && m.event === 'error')
      socket.sendRaw(new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]).buffer)
      expect((await binary).payload).toMatchObject({ code: 'BAD_REQUEST' })
      expect(await socket.request('user/checkword', { lang: 'en', word: 'cat' })).toEqual({
        success: true,
        data: { exists: true },
      })
      expect(server.core.hub.connectionsOf(uid)).toBe(1)
    } finally {
      await socket.close()
    }
  })
})
