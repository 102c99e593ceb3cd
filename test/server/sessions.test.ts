/**
 * Server-side sessions (PROTOCOL.md Auth): sign-out here or everywhere ends the tokens and closes
 * the sockets of those sessions at once; the sessions list; refresh keeps the session; a session
 * ends 90 days after its sign-in (fake clock).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { SESSION_MAX_AGE_MS } from '../../src/auth/sessions.ts'
import { CHROME_ANDROID, claims, FIREFOX_WINDOWS, request, signin, signUp } from './accounts.ts'
import { describeServer, startServer, type TestServer, testClock } from './harness.ts'
import { signInitData } from './telegram.ts'
import { TestSocket } from './ws-client.ts'

const DAY = 24 * 3600_000

describeServer('sessions', (db) => {
  let server: TestServer
  const clock = testClock()
  beforeAll(async () => {
    server = await startServer({ db, clock })
  })
  afterAll(() => server.stop())

  /** A player signed in on two browsers: the first by sign-up, the second with a password. */
  async function twoDevices(nickname: string) {
    const first = await signUp(server, nickname, CHROME_ANDROID)
    await request(server, 'POST', '/api/user/password', {
      token: first.token,
      body: { password: 'secret-pass' },
    })
    const second = await signin(server, { nickname, password: 'secret-pass' }, { userAgent: FIREFOX_WINDOWS })
    return { first, second: second.body.data.auth as typeof first }
  }

  const works = async (token: string) => (await request(server, 'GET', '/api/games', { token })).status

  /** Resolves with the close code once the socket is closed. */
  const closed = (socket: TestSocket) => socket.waitClosed()

  test('sign-out ends this session only: its token is 401 everywhere, its socket hears system/signout', async () => {
    const { first, second } = await twoDevices('Two Devices')
    expect(claims(first.token).sid).not.toBe(claims(second.token).sid)
    const socketA = await TestSocket.connect(server.wsUrl, first.token)
    const socketB = await TestSocket.connect(server.wsUrl, second.token)

    const out = await request(server, 'POST', '/api/auth/signout', { token: first.token, body: {} })
    expect(out).toMatchObject({ status: 200, body: { data: { ended: 1 } } })
    await socketA.waitFor((m) => m.type === 'system' && m.event === 'signout')
    expect((await closed(socketA)).code).toBe(4401)
    for (const path of ['/api/games', '/api/auth/sessions']) {
      expect((await request(server, 'GET', path, { token: first.token })).status).toBe(401)
    }
    expect((await request(server, 'POST', '/api/init', { token: first.token })).status).toBe(401)
    await expect(TestSocket.connect(server.wsUrl, first.token)).rejects.toThrow()

    expect(await works(second.token)).toBe(200)
    expect(socketB.isOpen).toBe(true)
    expect(socketB.received.some((m) => m.event === 'signout')).toBe(false)
    socketB.close()
  })

  test('sign-out everywhere ends every session and every socket of the user, and no one else', async () => {
    const { first, second } = await twoDevices('Everywhere')
    const bystander = await signUp(server, 'Bystander')
    const sockets = await Promise.all(
      [first, second, bystander].map((auth) => TestSocket.connect(server.wsUrl, auth.token)),
    )
    const out = await request(server, 'POST', '/api/auth/signout', {
      token: second.token,
      cookie: `device=${second.deviceKey}`,
      body: { everywhere: true },
    })
    expect(out.body.data).toEqual({ ended: 2 })
    for (const socket of sockets.slice(0, 2)) {
      await socket.waitFor((m) => m.event === 'signout')
      expect((await closed(socket)).code).toBe(4401)
    }
    expect(await works(first.token)).toBe(401)
    expect(await works(second.token)).toBe(401)
    expect(await works(bystander.token)).toBe(200)
    expect(sockets[2]?.isOpen).toBe(true)
    sockets[2]?.close()

    // With a password set, everywhere also forgot every browser: the nickname alone opens nothing.
    expect(out.setCookie).toContain('device=; Max-Age=0')
    const back = await signin(server, { nickname: 'Everywhere' }, { cookie: `device=${first.deviceKey}` })
    expect(back.status).toBe(409)
    expect((await signin(server, { nickname: 'Everywhere', password: 'secret-pass' })).status).toBe(200)
  })

  test('without a password, signing out keeps this browser its way back in', async () => {
    const player = await signUp(server, 'No Password')
    const out = await request(server, 'POST', '/api/auth/signout', {
      token: player.token,
      cookie: `device=${player.deviceKey}`,
      body: { everywhere: true },
    })
    expect(out.setCookie).toBe('')
    const back = await signin(server, { nickname: 'No Password' }, { cookie: `device=${player.deviceKey}` })
    expect(back.body.data.auth.uid).toBe(player.uid)
  })

  test('the sessions list shows device and last use; ending another session ends its token and socket', async () => {
    const { first, second } = await twoDevices('Lister')
    const list = await request<{ sessions: Record<string, unknown>[] }>(server, 'GET', '/api/auth/sessions', {
      token: first.token,
    })
    expect(list.status).toBe(200)
    const sessions = list.body.data.sessions
    expect(sessions).toHaveLength(2)
    const mine = sessions.find((s) => s.current)
    const other = sessions.find((s) => !s.current)
    expect(mine).toMatchObject({ id: claims(first.token).sid, kind: 'web', device: 'Chrome · Android' })
    expect(other).toMatchObject({ id: claims(second.token).sid, device: 'Firefox · Windows' })
    expect(other?.lastSeenAt).toBeNumber()
    expect(other?.endsAt).toBe((other?.createdAt as number) + SESSION_MAX_AGE_MS)

    const socket = await TestSocket.connect(server.wsUrl, second.token)
    const ended = await request(server, 'DELETE', `/api/auth/sessions/${other?.id}`, { token: first.token })
    expect(ended).toMatchObject({ status: 200, body: { data: { ended: 1 } } })
    await socket.waitFor((m) => m.event === 'signout')
    expect(await works(second.token)).toBe(401)
    expect(await works(first.token)).toBe(200)
    // Its browser lost its key: the nickname alone no longer opens the account there.
    const there = await signin(server, { nickname: 'Lister' }, { cookie: `device=${second.deviceKey}` })
    expect(there.status).toBe(409)

    const remaining = await request<{ sessions: unknown[] }>(server, 'GET', '/api/auth/sessions', {
      token: first.token,
    })
    expect(remaining.body.data.sessions).toHaveLength(1)
    // Unknown ids and other players' sessions are 404 and end nothing.
    const stranger = await signUp(server, 'Stranger')
    for (const id of [other?.id, claims(stranger.token).sid, 'no-such-session']) {
      expect(
        (await request(server, 'DELETE', `/api/auth/sessions/${id}`, { token: first.token })).status,
      ).toBe(404)
    }
    expect(await works(stranger.token)).toBe(200)
  })

  test('Telegram sign-ins from one device go on with its live session; a signed-out one is not reused', async () => {
    const data = () => signInitData({ id: 820001, first_name: 'Mini' })
    const tgSignIn = async (userAgent: string) =>
      (
        await request<{ auth: { token: string } }>(server, 'POST', '/api/auth/tg-signin', {
          body: { data: data() },
          userAgent,
        })
      ).body.data.auth.token
    const first = await tgSignIn(CHROME_ANDROID)
    expect(claims(await tgSignIn(CHROME_ANDROID)).sid).toBe(claims(first).sid)
    const desktop = await tgSignIn(FIREFOX_WINDOWS)
    expect(claims(desktop).sid).not.toBe(claims(first).sid)
    const list = await request<{ sessions: unknown[] }>(server, 'GET', '/api/auth/sessions', { token: first })
    expect(list.body.data.sessions).toHaveLength(2)

    await request(server, 'POST', '/api/auth/signout', { token: first, body: {} })
    const after = await tgSignIn(CHROME_ANDROID)
    expect(claims(after).sid).not.toBe(claims(first).sid)
    expect(await works(first)).toBe(401)
    expect(await works(after)).toBe(200)
  })

  describe('time', () => {
    test('refresh keeps the session; a session is refused 90 days after its sign-in', async () => {
      const player = await signUp(server, 'Long Runner')
      const sid = claims(player.token).sid
      const signedInAt = clock.now()
      let token = player.token
      // The client refreshes through /api/init (a token lives a week): each time, the same session.
      for (let day = 6; day <= 84; day += 6) {
        clock.advance(6 * DAY)
        const init = await request<{ auth: { token: string } }>(server, 'POST', '/api/init', { token })
        expect(init.status).toBe(200)
        token = init.body.data.auth.token
        expect(claims(token).sid).toBe(sid)
      }
      // The last tokens end with the session, not a week on.
      clock.advance(5 * DAY)
      const late = await request<{ auth: { token: string } }>(server, 'POST', '/api/init', { token })
      token = late.body.data.auth.token
      expect(claims(token).exp * 1000).toBeLessThanOrEqual(signedInAt + SESSION_MAX_AGE_MS)
      expect(await works(token)).toBe(200)
      clock.advance(signedInAt + SESSION_MAX_AGE_MS + DAY - clock.now())
      expect(await works(token)).toBe(401)
      expect((await request(server, 'POST', '/api/init', { token })).status).toBe(401)
      // Signing in again makes a new session.
      const again = await signin(
        server,
        { nickname: 'Long Runner' },
        { cookie: `device=${player.deviceKey}` },
      )
      expect(claims(again.body.data.auth.token).sid).not.toBe(sid)
    })

    test('a socket gets a fresh token of its session a day before expiry, and is signed out when the session ends', async () => {
      const player = await signUp(server, 'Socket Runner')
      const signedInAt = clock.now()
      const sid = claims(player.token).sid
      clock.advance(6.5 * DAY)
      const socket = await TestSocket.connect(server.wsUrl, player.token)
      const refresh = await socket.event('system/token_refresh')
      let token = (refresh.payload as { token: string }).token
      expect(claims(token).sid).toBe(sid)
      expect(claims(token).exp).toBeGreaterThan(claims(player.token).exp)
      await socket.close()

      while (clock.now() + 6 * DAY < signedInAt + SESSION_MAX_AGE_MS) {
        clock.advance(6 * DAY)
        const init = await request<{ auth: { token: string } }>(server, 'POST', '/api/init', { token })
        token = init.body.data.auth.token
      }
      // The freshest token there is ends with the session; seconds before, a socket connects.
      const sessionEnd = claims(token).exp * 1000
      expect(sessionEnd).toBeLessThanOrEqual(signedInAt + SESSION_MAX_AGE_MS)
      clock.advance(sessionEnd - 1500 - clock.now())
      const last = await TestSocket.connect(server.wsUrl, token)
      await last.waitFor((m) => m.event === 'signout', 8_000)
      expect((await closed(last)).code).toBe(4401)
      expect(last.received.some((m) => m.event === 'token_refresh')).toBe(false)
    })
  })
})
