/**
 * The limits of PROTOCOL.md Envelope "Limits" on the real server, with RATE_LIMITS on: message
 * credits, 4429, connection caps, presence topic caps, 1013 for a client that does not read,
 * per-address HTTP limits with 429 + Retry-After, and RATE_LIMITS=off lifting them. The server
 * trusts one proxy (TRUST_PROXY=1), so each test can be a client address of its own.
 */
import { describe, expect, test } from 'bun:test'
import { connect as tcpConnect } from 'node:net'
import { ADDRESS_LIMITS } from '../../src/http/address-limits.ts'
import { ackOk } from '../../src/realtime/handlers.ts'
import { CONNECTIONS_PER_ADDRESS, CONNECTIONS_PER_USER } from '../../src/realtime/socket-limits.ts'
import { topicCap } from '../../src/realtime/topic-caps.ts'
import { useServer } from './clients.ts'
import { describeServer } from './harness.ts'
import { type Received, TestSocket } from './ws-client.ts'

let addressCount = 0
/** A client address no other test used. */
const freshAddress = () => `203.0.113.${++addressCount}`

describeServer('limits', (db) => {
  let hintRuns = 0
  const { server, keep } = useServer(db, {
    env: { TRUST_PROXY: '1' },
    extend: (core) =>
      core.handlers.registerHandler(
        'game/hint',
        async () => {
          hintRuns++
          return ackOk({})
        },
        { replace: true },
      ),
  })

  const post = (path: string, address: string, body: unknown, token?: string) =>
    fetch(`${server().url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': address,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    })
  let names = 0
  const signInFrom = async (address: string) => {
    const res = await post('/api/auth/signin', address, { nickname: `limits ${db} ${++names}` })
    expect(res.status).toBe(200)
    return ((await res.json()) as { data: { auth: { token: string; uid: string } } }).data.auth
  }
  const connectFrom = (address: string, token: string) =>
    TestSocket.connect(server().wsUrl, token, { 'x-forwarded-for': address })
  const expectRateLimited = async (res: Response) => {
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(await res.json()).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } })
  }

  describe('message credits', () => {
    test('a burst of 30, then RATE_LIMITED acks (system/error without an id), not applied', async () => {
      const address = freshAddress()
      const socket = keep(await connectFrom(address, (await signInFrom(address)).token))
      const before = hintRuns
      const started = performance.now()
      for (let i = 0; i < 40; i++) socket.send('game/hint', { gameId: 'g', cost: 1 }, `c${i}`)
      socket.send('game/hint', { gameId: 'g', cost: 1 })
      const acks = await socket.collect((m) => m.type === 'ack', 40)
      const error = await socket.waitFor((m) => m.type === 'system' && m.event === 'error')
      // Credits come back at 3 a second while the frames go out.
      const refilled = Math.ceil((3 * (performance.now() - started)) / 1000)
      const limited = acks.filter(
        (m) => (m.payload as { error?: { code: string } }).error?.code === 'RATE_LIMITED',
      )
      expect(limited.length).toBeGreaterThanOrEqual(10 - refilled)
      expect(hintRuns - before).toBe(40 - limited.length)
      expect(hintRuns - before).toBeLessThanOrEqual(30 + refilled)
      expect(error.payload).toMatchObject({ code: 'RATE_LIMITED' })
      expect(socket.isOpen).toBe(true)
    })

    test('a connection that keeps sending is closed with 4429', async () => {
      const address = freshAddress()
      const socket = keep(await connectFrom(address, (await signInFrom(address)).token))
      for (let i = 0; i < 200; i++) socket.send('game/hint', { gameId: 'g', cost: 1 }, `f${i}`)
      expect((await socket.waitClosed()).code).toBe(4429)
      expect(socket.received.filter((m) => m.type === 'ack').length).toBeGreaterThanOrEqual(30)
    })
  })

  describe('connections', () => {
    test(`at most ${CONNECTIONS_PER_USER} per user: the next upgrade is 429 until one closes`, async () => {
      const address = freshAddress()
      const { token, uid } = await signInFrom(address)
      const open = []
      for (let i = 0; i < CONNECTIONS_PER_USER; i++) open.push(keep(await connectFrom(address, token)))
      await expect(connectFrom(address, token)).rejects.toThrow('429')
      const res = await fetch(`${server().url}/ws?token=${token}`, {
        headers: {
          'x-forwarded-for': address,
          upgrade: 'websocket',
          connection: 'Upgrade',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
          'sec-websocket-version': '13',
        },
      })
      await expectRateLimited(res)
      await open[0].close()
      for (let i = 0; i < 200 && server().core.hub.connectionsOf(uid) >= CONNECTIONS_PER_USER; i++)
        await Bun.sleep(10)
      expect(keep(await connectFrom(address, token)).isOpen).toBe(true)
    })

    test(`at most ${CONNECTIONS_PER_ADDRESS} per address; another address is not held back`, async () => {
      const address = freshAddress()
      const users = []
      for (let i = 0; i < CONNECTIONS_PER_ADDRESS / CONNECTIONS_PER_USER; i++)
        users.push(await signInFrom(address))
      await Promise.all(
        users.flatMap(({ token }) =>
          Array.from({ length: CONNECTIONS_PER_USER }, async () => keep(await connectFrom(address, token))),
        ),
      )
      const one = await signInFrom(address)
      await expect(connectFrom(address, one.token)).rejects.toThrow('429')
      const elsewhere = freshAddress()
      expect(keep(await connectFrom(elsewhere, one.token)).isOpen).toBe(true)
    })

    test('presence topics per connection stay capped however many made-up users a client names', async () => {
      const visitor = keep(
        await TestSocket.connectWatchOnly(server().wsUrl, { 'x-forwarded-for': freshAddress() }),
      )
      const frames = 20
      for (let f = 0; f < frames; f++) {
        const uids = Array.from({ length: 200 }, (_, i) => `made-up-${db}-${f}-${i}`)
        expect(await visitor.request('user/presenceSubscribe', { uids })).toEqual({ success: true })
      }
      const hub = server().core.hub
      const held = (f: number) =>
        Array.from({ length: 200 }, (_, i) => hub.subscriberCount(`presence:made-up-${db}-${f}-${i}`)).reduce(
          (a, b) => a + b,
        )
      const perFrame = Array.from({ length: frames }, (_, f) => held(f))
      expect(perFrame.reduce((a, b) => a + b)).toBe(topicCap('presence'))
      expect(perFrame.at(-1)).toBe(200)
      expect(perFrame[0]).toBe(0)
    })
  })

  test('a client that does not read is closed with 1013 past 1 MiB unsent; the server keeps serving', async () => {
    const address = freshAddress()
    const { token, uid } = await signInFrom(address)
    const port = new URL(server().url).port
    // A raw TCP client: it upgrades, then never reads a byte.
    const tcp = tcpConnect(Number(port), '127.0.0.1')
    await new Promise((resolve) => tcp.once('connect', resolve))
    tcp.pause()
    tcp.write(
      `GET /ws?token=${token} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${address}\r\n` +
        'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n' +
        'Sec-WebSocket-Version: 13\r\n\r\n',
    )
    const hub = server().core.hub
    for (let i = 0; i < 200 && hub.connectionsOf(uid) === 0; i++) await Bun.sleep(10)
    expect(hub.connectionsOf(uid)).toBe(1)
    // Far more than the kernel's buffers on both ends hold.
    const big = 'x'.repeat(60_000)
    for (let i = 0; i < 400 && hub.connectionsOf(uid) > 0; i++)
      hub.sendToUser(uid, 'system/error', { code: 'BIG', message: big })
    expect(hub.connectionsOf(uid)).toBe(0)
    expect(server().logs.some((r) => r.msg === 'closing a socket that does not read' && r.uid === uid)).toBe(
      true,
    )
    tcp.destroy()
    expect((await fetch(`${server().url}/api/health`)).status).toBe(200)
  })

  describe('per address over HTTP', () => {
    /**
     * Calls until the first 429 (checked: RATE_LIMITED, Retry-After) and answers how many went
     * through first: the burst, plus what refilled while the calls went out.
     */
    const untilLimited = async (
      limit: keyof typeof ADDRESS_LIMITS,
      call: (i: number) => Promise<Response>,
    ) => {
      const { burst, perSecond } = ADDRESS_LIMITS[limit]
      const started = performance.now()
      let passed = 0
      for (;;) {
        const res = await call(passed)
        if (res.status === 429) {
          await expectRateLimited(res)
          break
        }
        passed++
        expect(passed).toBeLessThan(burst * 3)
      }
      expect(passed).toBeGreaterThanOrEqual(burst)
      expect(passed).toBeLessThanOrEqual(
        burst + Math.ceil((perSecond * (performance.now() - started)) / 1000),
      )
    }

    test(`sign-in: ${ADDRESS_LIMITS.signIn.burst} at once, then 429 RATE_LIMITED with Retry-After; other addresses go on`, async () => {
      const address = freshAddress()
      await untilLimited('signIn', async (i) => {
        const res = await post('/api/auth/signin', address, { nickname: `lim ${db} b${i}` })
        if (res.status !== 429) expect(res.status).toBe(200)
        return res
      })
      // Every sign-in route counts against the same budget (one token may come back meanwhile).
      const others = [
        await post('/api/auth/tg-signin', address, { data: 'x' }),
        await post('/api/auth/tg-widget', address, { id: 1 }),
        await post('/api/auth/tg-signin', address, { data: 'x' }),
        await post('/api/auth/tg-widget', address, { id: 1 }),
      ]
      const limited = others.filter((res) => res.status === 429)
      expect(limited.length).toBeGreaterThanOrEqual(others.length - 1)
      await expectRateLimited(limited[0])
      await signInFrom(freshAddress())
    })

    test(`room join: ${ADDRESS_LIMITS.join.burst} at once, then 429`, async () => {
      const address = freshAddress()
      // A user's own wrong guesses have a smaller limit (rooms/join-limit.ts): several users guess.
      let token = ''
      await untilLimited('join', async (i) => {
        if (i % 4 === 0) token = (await signInFrom(freshAddress())).token
        const res = await post('/api/waiting-rooms/join', address, { roomId: `NOPE${i}` }, token)
        if (res.status !== 429) expect(res.status).toBe(404)
        return res
      })
    })

    test(`client logs: ${ADDRESS_LIMITS.logs.burst} at once, then 429`, async () => {
      const address = freshAddress()
      await untilLimited('logs', async (i) => {
        const res = await post('/api/logs', address, { level: 'info', message: `line ${i}` })
        if (res.status !== 429) expect(res.status).toBe(200)
        return res
      })
    })

    test('calls without a valid token: limited per address; with a valid token not', async () => {
      const address = freshAddress()
      const { token } = await signInFrom(address)
      const get = (headers: Record<string, string>) =>
        fetch(`${server().url}/api/games/none`, { headers: { 'x-forwarded-for': address, ...headers } })
      await untilLimited('anonymous', async () => {
        const res = await get({})
        if (res.status !== 429) expect(res.status).toBe(404)
        return res
      })
      // A made-up token is no token; a visitor's socket is a call without one. (A token may come
      // back between two calls, so of two tries at least one is refused.)
      const madeUp = [
        await get({ authorization: 'Bearer made.up.token' }),
        await get({ authorization: 'Bearer made.up.token' }),
      ]
      expect(madeUp.some((res) => res.status === 429)).toBe(true)
      const visitors = await Promise.allSettled(
        [0, 1].map(() => TestSocket.connectWatchOnly(server().wsUrl, { 'x-forwarded-for': address })),
      )
      for (const v of visitors) if (v.status === 'fulfilled') keep(v.value)
      expect(visitors.filter((v) => v.status === 'rejected').map((v) => String(v.reason))).toContainEqual(
        expect.stringContaining('429'),
      )
      for (let i = 0; i < 10; i++) expect((await get({ authorization: `Bearer ${token}` })).status).toBe(404)
    })
  })
})

describeServer('limits without a trusted proxy', (db) => {
  const { server } = useServer(db)

  test('X-Forwarded-For is not believed: every sign-in counts for the socket address', async () => {
    const { burst, perSecond } = ADDRESS_LIMITS.signIn
    const started = performance.now()
    let passed = 0
    for (; passed < burst * 3; passed++) {
      const res = await fetch(`${server().url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${passed}` },
        body: JSON.stringify({ nickname: `proxy ${db} ${passed}` }),
      })
      if (res.status === 429) break
      expect(res.status).toBe(200)
    }
    expect(passed).toBeGreaterThanOrEqual(burst)
    expect(passed).toBeLessThanOrEqual(burst + Math.ceil((perSecond * (performance.now() - started)) / 1000))
  })
})

describeServer('RATE_LIMITS=off', (db) => {
  const { server } = useServer(db, { env: { RATE_LIMITS: 'off' } })

  test('lifts the per-address limits, the connection caps and the message credits', async () => {
    let token = ''
    for (let i = 0; i <= ADDRESS_LIMITS.signIn.burst + 5; i++) {
      const res = await fetch(`${server().url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ nickname: `off ${db} ${i}` }),
      })
      expect(res.status).toBe(200)
      token = ((await res.json()) as { data: { auth: { token: string } } }).data.auth.token
    }
    const sockets = await Promise.all(
      Array.from({ length: CONNECTIONS_PER_USER + 2 }, () => TestSocket.connect(server().wsUrl, token)),
    )
    const socket = sockets[0]
    for (let i = 0; i < 80; i++) socket.send('user/checkword', { lang: 'en', word: 'cat' }, `w${i}`)
    const acks = await socket.collect((m: Received) => m.type === 'ack', 80)
    expect(acks.every((m) => (m.payload as { success: boolean }).success)).toBe(true)
    await Promise.all(sockets.map((s) => s.close()))
  })
})
