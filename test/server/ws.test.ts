import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { ackError, ackOk } from '../../src/realtime/handlers.ts'
import { CLIENT_EVENTS } from '../../src/realtime/protocol.ts'
import { describeServer, signIn as signInAs, startServer, type TestServer } from './harness.ts'
import { TestSocket } from './ws-client.ts'

describeServer('socket', (db) => {
  let server: TestServer
  let runs = 0
  const signIn = (nickname: string) => signInAs(server, nickname)
  const sockets: TestSocket[] = []
  const connect = async (token: string) => {
    const socket = await TestSocket.connect(server.wsUrl, token)
    sockets.push(socket)
    return socket
  }

  beforeAll(async () => {
    server = await startServer({
      db,
      extend: (core) => {
        // Stand-ins for features: one that counts its runs, one that refuses.
        core.handlers.registerHandler(
          'game/ready',
          async (ctx, { gameId }) => {
            runs++
            if (gameId === 'slow') await Bun.sleep(80)
            return ackOk({ run: runs, uid: ctx.uid })
          },
          { replace: true },
        )
        core.handlers.registerHandler('game/giveup', async () => ackError('GAME_NOT_FOUND', 'no such game'), {
          replace: true,
        })
      },
    })
  })
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()))
    await server.stop()
  })

  describe('upgrade', () => {
    test('a bad, missing or expired token is refused with 401', async () => {
      const { token } = await signIn('ws refused')
      for (const bad of ['', 'junk', `${token}x`]) {
        await expect(TestSocket.connect(server.wsUrl, bad)).rejects.toThrow('401')
      }
      server.clock.advance(8 * 24 * 3600_000)
      try {
        await expect(TestSocket.connect(server.wsUrl, token)).rejects.toThrow('401')
      } finally {
        server.clock.advance(-8 * 24 * 3600_000)
      }
      const res = await fetch(`${server.url}/ws?token=junk`, {
        headers: {
          upgrade: 'websocket',
          connection: 'Upgrade',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
          'sec-websocket-version': '13',
        },
      })
      expect(res.status).toBe(401)
      expect(await res.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } })
    })

    test('a good token connects', async () => {
      const { token } = await signIn('ws ok')
      const socket = await connect(token)
      expect(socket.isOpen).toBe(true)
    })
  })

  describe('bad messages get BAD_REQUEST and the connection stays usable', () => {
    let socket: TestSocket
    beforeAll(async () => {
      socket = await connect((await signIn('ws bad input')).token)
    })

    const stillUsable = async () => {
      expect(await socket.request('user/presenceSubscribe', { uids: [] })).toEqual({ success: true })
      expect(socket.isOpen).toBe(true)
    }

    test.each([
      ['malformed JSON', '{"type":"user",'],
      ['a JSON array', '[1,2]'],
      ['a bare number', '42'],
      ['no event', '{"type":"user","payload":{}}'],
      ['an unknown event without an id', '{"type":"user","event":"nope","payload":{}}'],
      ['a prototype key as event', '{"type":"__proto__","event":"constructor","payload":{}}'],
    ])('%s → system/error', async (_name, frame) => {
      const error = socket.waitForNext((m) => m.type === 'system' && m.event === 'error')
      socket.sendRaw(frame)
      expect((await error).payload).toMatchObject({ code: 'BAD_REQUEST' })
      await stillUsable()
    })

    test('a binary frame → system/error', async () => {
      const error = socket.waitForNext((m) => m.type === 'system' && m.event === 'error')
      socket.sendRaw(new Uint8Array([1, 2, 3]).buffer)
      expect((await error).payload).toMatchObject({ code: 'BAD_REQUEST' })
      await stillUsable()
    })

    test('an unknown event with an id → BAD_REQUEST ack naming it', async () => {
      const ack = await socket.request('game/teleport', { gameId: 'g' })
      expect(ack).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } })
      expect(ack.success === false && ack.error.message).toContain('game/teleport')
      await stillUsable()
    })

    test.each([
      ['user/presenceSubscribe', { uids: 'everyone' }, '/uids'],
      ['user/presenceSubscribe', {}, '/uids'],
      ['game/ready', { gameId: 12 }, '/gameId'],
      ['game/turn', { gameId: 'g', cellIds: [1, '2'] }, '/cellIds/1'],
      ['game/turn', { gameId: 'g', cellIds: [1.5] }, '/cellIds/0'],
      ['user/checkword', { lang: 'xx', word: 'abc' }, '/lang'],
    ])('%s with %o → BAD_REQUEST ack at %s', async (key, payload, path) => {
      const ack = await socket.request(key, payload)
      expect(ack).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } })
      expect(ack.success === false && ack.error.message).toContain(path)
      await stillUsable()
    })

    test('every protocol event has a handler (a missing one would answer BAD_REQUEST)', () => {
      expect(CLIENT_EVENTS.filter((event) => !server.core.handlers.get(event))).toEqual([])
    })

    test("a handler's refusal comes back as its ack; without an id as system/error", async () => {
      expect(await socket.request('game/giveup', { gameId: 'g' })).toEqual({
        success: false,
        error: { code: 'GAME_NOT_FOUND', message: 'no such game' },
      })
      const error = socket.waitForNext((m) => m.type === 'system' && m.event === 'error')
      socket.send('game/giveup', { gameId: 'g' })
      expect((await error).payload).toMatchObject({ code: 'GAME_NOT_FOUND' })
    })
  })

  describe('acks', () => {
    test('echo the id as sent, string or number', async () => {
      const socket = await connect((await signIn('ws ids')).token)
      const ack = socket.waitFor((m) => m.type === 'ack' && m.id === 17)
      socket.send('user/presenceSubscribe', { uids: [] }, 17)
      expect(await ack).toMatchObject({ type: 'ack', id: 17, payload: { success: true } })
    })

    test('a message resent with the same id gets the original ack and runs once, across a reconnect', async () => {
      const { token, uid } = await signIn('ws dedupe')
      const first = await connect(token)
      const before = runs
      const original = await first.request('game/ready', { gameId: 'g1' }, 'same-id')
      expect(original).toEqual({ success: true, data: { run: before + 1, uid } })
      expect(await first.request('game/ready', { gameId: 'g1' }, 'same-id')).toEqual(original)
      await first.close()

      const second = await connect(token)
      expect(await second.request('game/ready', { gameId: 'g1' }, 'same-id')).toEqual(original)
      expect(runs).toBe(before + 1)

      // Another id, the number 7 and the string "7" are all different messages.
      await second.request('game/ready', { gameId: 'g1' }, 'other-id')
      await second.request('game/ready', { gameId: 'g1' }, 7)
      await second.request('game/ready', { gameId: 'g1' }, '7')
      expect(runs).toBe(before + 4)
    })

    test('the same id from another user is another message', async () => {
      const a = await connect((await signIn('ws dedupe a')).token)
      const b = await connect((await signIn('ws dedupe b')).token)
      const before = runs
      await a.request('game/ready', { gameId: 'g' }, 'shared')
      await b.request('game/ready', { gameId: 'g' }, 'shared')
      expect(runs).toBe(before + 2)
    })

    test('a duplicate arriving while the first still runs waits for it instead of running again', async () => {
      const socket = await connect((await signIn('ws dedupe fast')).token)
      const before = runs
      socket.send('game/ready', { gameId: 'slow' }, 'twice')
      socket.send('game/ready', { gameId: 'slow' }, 'twice')
      const acks = (await socket.collect((m) => m.type === 'ack' && m.id === 'twice', 2)).map(
        (m) => m.payload,
      )
      expect(acks[0]).toEqual(acks[1])
      expect(runs).toBe(before + 1)
    })
  })

  describe('presence', () => {
    test('a subscriber hears a user come online, go away, come back and disconnect', async () => {
      const watcher = await connect((await signIn('ws watcher')).token)
      const watched = await signIn('ws watched')
      const updates = () =>
        watcher.received.filter((m) => m.type === 'presence' && m.event === 'update').map((m) => m.payload)

      await watcher.request('user/presenceSubscribe', { uids: [watched.uid] })
      await watcher.waitFor((m) => m.type === 'presence')
      expect(updates()).toEqual([{ [watched.uid]: 0 }])

      const next = () => watcher.waitForNext((m) => m.type === 'presence' && m.event === 'update')
      let update = next()
      const socket = await TestSocket.connect(server.wsUrl, watched.token)
      expect((await update).payload).toEqual({ [watched.uid]: 1 })

      update = next()
      await socket.request('user/presenceOffline', {})
      expect((await update).payload).toEqual({ [watched.uid]: 0 })

      update = next()
      await socket.request('user/presenceResume', {})
      expect((await update).payload).toEqual({ [watched.uid]: 1 })

      update = next()
      await socket.close()
      expect((await update).payload).toEqual({ [watched.uid]: 0 })
      expect(updates()).toEqual([
        { [watched.uid]: 0 },
        { [watched.uid]: 1 },
        { [watched.uid]: 0 },
        { [watched.uid]: 1 },
        { [watched.uid]: 0 },
      ])
    })

    test('a second connection of the same user changes nothing; the last one leaving does', async () => {
      const watcher = await connect((await signIn('ws watcher 2')).token)
      const watched = await signIn('ws watched 2')
      const one = await TestSocket.connect(server.wsUrl, watched.token)
      await watcher.request('user/presenceSubscribe', { uids: [watched.uid] })
      await watcher.waitFor((m) => m.type === 'presence')
      const two = await TestSocket.connect(server.wsUrl, watched.token)
      await one.close()
      const update = watcher.waitForNext((m) => m.type === 'presence')
      await two.close()
      expect((await update).payload).toEqual({ [watched.uid]: 0 })
      const presence = watcher.received.filter((m) => m.type === 'presence').map((m) => m.payload)
      expect(presence).toEqual([{ [watched.uid]: 1 }, { [watched.uid]: 0 }])
    })
  })

  test('a token within a day of expiry is refreshed over the socket', async () => {
    server.clock.advance(-6.5 * 24 * 3600_000)
    let auth: { token: string; uid: string }
    try {
      auth = await signIn('ws refresh')
    } finally {
      server.clock.advance(6.5 * 24 * 3600_000)
    }
    const socket = await connect(auth.token)
    const refresh = await socket.event('system/token_refresh')
    const fresh = (refresh.payload as { token: string }).token
    expect(fresh).not.toBe(auth.token)
    // The new token is good for another week.
    server.clock.advance(3 * 24 * 3600_000)
    try {
      const init = await server.api.api.init.post(undefined, {
        headers: { authorization: `Bearer ${fresh}` },
      })
      expect(init.data?.data.auth.uid).toBe(auth.uid)
    } finally {
      server.clock.advance(-3 * 24 * 3600_000)
    }

    const calm = await connect((await signIn('ws no refresh')).token)
    await calm.request('user/presenceSubscribe', { uids: [] })
    expect(calm.received.some((m) => m.event === 'token_refresh')).toBe(false)
  })
})
