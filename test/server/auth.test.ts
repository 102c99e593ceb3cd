import { describe, expect, test } from 'bun:test'
import { useServer } from './clients.ts'
import { describeServer, type TestServer } from './harness.ts'
import { signInitData, signWidget } from './telegram.ts'

const post = (server: TestServer, path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describeServer('sign-in', (db) => {
  const { server } = useServer(db)

  describe('web nickname', () => {
    test('a free nickname makes an account with a device key; the key (cookie or body) opens it again', async () => {
      const first = await post(server(), '/api/auth/signin', { nickname: 'Alice_01' })
      expect(first.status).toBe(200)
      const { auth } = (await first.json()).data
      expect(typeof auth.uid).toBe('string')
      expect(typeof auth.token).toBe('string')
      expect(auth.deviceKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const cookie = first.headers.get('set-cookie') ?? ''
      expect(cookie).toContain(`device=${auth.deviceKey}`)
      expect(cookie).toContain('HttpOnly')
      expect(cookie).toContain('SameSite=Lax')
      // PUBLIC_URL is not https here.
      expect(cookie).not.toContain('Secure')

      const byCookie = await fetch(`${server().url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `device=${auth.deviceKey}` },
        body: JSON.stringify({ nickname: '  Alice_01 ' }),
      })
      expect((await byCookie.json()).data.auth.uid).toBe(auth.uid)
      const byBody = await post(server(), '/api/auth/signin', {
        nickname: 'alice_01',
        deviceKey: auth.deviceKey,
      })
      expect((await byBody.json()).data.auth).toMatchObject({ uid: auth.uid, deviceKey: auth.deviceKey })
    })

    test('different nicknames are different users', async () => {
      const a = await server().api.api.auth.signin.post({ nickname: 'Боб Иванов' })
      const b = await server().api.api.auth.signin.post({ nickname: 'bob-2' })
      expect(a.data?.data.auth.uid).not.toBe(b.data?.data.auth.uid as string)
    })

    test.each([
      ['a', 'NICKNAME_INVALID'],
      ['x'.repeat(25), 'NICKNAME_INVALID'],
      ['bad!name', 'NICKNAME_INVALID'],
      ['   ', 'NICKNAME_INVALID'],
      ['tab\tname', 'NICKNAME_INVISIBLE'],
      ['Zero\u200Bwidth', 'NICKNAME_INVISIBLE'],
      ['Аlice', 'NICKNAME_MIXED_SCRIPTS'],
    ])('refuses %p with 400 %s, saying why', async (nickname, code) => {
      const res = await post(server(), '/api/auth/signin', { nickname })
      expect(res.status).toBe(400)
      const body = await res.json()
      expect(body).toMatchObject({ success: false, error: { code } })
      expect(body.error.message.length).toBeGreaterThan(10)
    })

    test('a body of the wrong shape is 400 in the envelope', async () => {
      const res = await post(server(), '/api/auth/signin', { nick: 'x' })
      expect(res.status).toBe(400)
      const body = await res.json()
      expect(body).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } })
      expect(body.error.message).toContain('nickname')
    })

    test('malformed JSON is 400 in the envelope', async () => {
      const res = await fetch(`${server().url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"nickname":',
      })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } })
    })
  })

  describe('Telegram Mini App init data', () => {
    const user = { id: 700001, first_name: 'Tg', last_name: 'User', username: 'tg_user', language_code: 'ru' }

    test('valid init data creates the user once and finds it after', async () => {
      const first = await server().api.api.auth['tg-signin'].post({ data: signInitData(user) })
      expect(first.status).toBe(200)
      const second = await server().api.api.auth['tg-signin'].post({ data: signInitData(user) })
      expect(second.data?.data.auth.uid).toBe(first.data?.data.auth.uid as string)
      const profile = await server().core.users.get(first.data?.data.auth.uid as string)
      expect(profile).toMatchObject({ tgId: 700001, firstName: 'Tg', lang: 'ru', nickname: 'tg_user' })
    })

    test('the newer signature field stays in the check string', async () => {
      const data = signInitData({ id: 700002, first_name: 'Sig' }, { extra: { signature: 'abc_DEF-123' } })
      expect((await server().api.api.auth['tg-signin'].post({ data })).status).toBe(200)
    })

    test('a tampered field is refused', async () => {
      const data = signInitData({ id: 700003, first_name: 'Eve' }).replace('Eve', 'Mallory')
      const res = await server().api.api.auth['tg-signin'].post({ data })
      expect(res.status).toBe(401)
      expect(res.error?.value).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } })
    })

    test('a hash signed with another bot token is refused', async () => {
      const data = signInitData(
        { id: 700004, first_name: 'Other' },
        { botToken: '42:another-token-of-sufficient-size' },
      )
      expect((await server().api.api.auth['tg-signin'].post({ data })).status).toBe(401)
    })

    test('a hash that is not 64 hex characters is refused', async () => {
      const good = signInitData({ id: 700005, first_name: 'Hex' })
      const hash = new URLSearchParams(good).get('hash') as string
      // Hex decoding would stop at the junk and compare a prefix; the shape check must refuse first.
      for (const bad of [`${hash}zz`, hash.slice(0, 62), `${hash.slice(0, 62)}zz`]) {
        const data = good.replace(hash, bad)
        expect((await server().api.api.auth['tg-signin'].post({ data })).status).toBe(401)
      }
    })

    test('auth_date older than 24 h is refused, one just inside is accepted', async () => {
      const now = Math.floor(server().clock.now() / 1000)
      const stale = signInitData({ id: 700006, first_name: 'Old' }, { authDate: now - 24 * 3600 - 60 })
      expect((await server().api.api.auth['tg-signin'].post({ data: stale })).status).toBe(401)
      const fresh = signInitData({ id: 700006, first_name: 'Old' }, { authDate: now - 24 * 3600 + 60 })
      expect((await server().api.api.auth['tg-signin'].post({ data: fresh })).status).toBe(200)
    })
  })

  describe('Telegram Login Widget', () => {
    test('valid widget data signs in, and is the same user as the Mini App', async () => {
      const widget = await server().api.api.auth['tg-widget'].post(
        signWidget({ id: 700001, first_name: 'Tg', username: 'tg_user' }),
      )
      expect(widget.status).toBe(200)
      const app = await server().api.api.auth['tg-signin'].post({
        data: signInitData({ id: 700001, first_name: 'Tg', username: 'tg_user' }),
      })
      expect(widget.data?.data.auth.uid).toBe(app.data?.data.auth.uid as string)
    })

    test('widget data signed the Mini App way is refused (different secret)', async () => {
      const fields = signWidget({ id: 700010, first_name: 'Mix' })
      const params = new URLSearchParams(signInitData({ id: 700010, first_name: 'Mix' }))
      const res = await server().api.api.auth['tg-widget'].post({
        ...fields,
        hash: params.get('hash') as string,
      })
      expect(res.status).toBe(401)
    })

    test('a changed field or a stale date is refused', async () => {
      const fields = signWidget({ id: 700011, first_name: 'Wid' })
      expect(
        (await server().api.api.auth['tg-widget'].post({ ...fields, first_name: 'Changed' })).status,
      ).toBe(401)
      const stale = signWidget(
        { id: 700011, first_name: 'Wid' },
        { authDate: Math.floor(Date.now() / 1000) - 90_000 },
      )
      expect((await server().api.api.auth['tg-widget'].post(stale)).status).toBe(401)
    })
  })

  test('dev sign-in is unknown without DEV=1, whatever the body', async () => {
    for (const body of [undefined, { nickname: 1 }]) {
      const res = await fetch(`${server().url}/api/auth/dev-signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      expect(res.status).toBe(404)
      expect(await res.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } })
    }
  })
})

describe('dev sign-in with DEV=1 [pglite]', () => {
  const { server } = useServer('pglite', { env: { DEV: '1', DEV_TG_IDS: '990001' } })

  test('signs in a developer without a body, the same user each time', async () => {
    const a = await server().api.api.auth['dev-signin'].post()
    const b = await server().api.api.auth['dev-signin'].post()
    expect(a.status).toBe(200)
    expect(a.data?.data.auth.uid).toBe(b.data?.data.auth.uid as string)
  })

  test('with a listed tgId the profile is flagged isDev', async () => {
    const res = await server().api.api.auth['dev-signin'].post({ nickname: 'Dev Two', tgId: 990001 })
    const init = await server().api.api.init.post(undefined, {
      headers: { authorization: `Bearer ${res.data?.data.auth.token}` },
    })
    expect(init.data?.data.profile).toMatchObject({ tgId: 990001, isDev: true })
  })
})
