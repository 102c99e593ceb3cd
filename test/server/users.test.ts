import { expect, test } from 'bun:test'
import { useServer } from './clients.ts'
import { bearer, describeServer, signIn } from './harness.ts'
import { TestSocket } from './ws-client.ts'

describeServer('users', (db) => {
  const { server } = useServer(db)

  test('POST /api/user/lang changes the language the profile reports', async () => {
    const { token } = await signIn(server(), 'Lang Changer')
    const res = await server().api.api.user.lang.post({ lang: 'ru' }, bearer(token))
    expect(res.data).toEqual({ success: true, data: { lang: 'ru' } })
    const init = await server().api.api.init.post(undefined, bearer(token))
    expect(init.data?.data.profile.lang).toBe('ru')
  })

  test('POST /api/user/lang needs a token and a known language', async () => {
    const anonymous = await fetch(`${server().url}/api/user/lang`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'ru' }),
    })
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } })

    const { token } = await signIn(server(), 'Lang Wrong')
    const bad = await fetch(`${server().url}/api/user/lang`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ lang: 'de' }),
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } })
  })

  test('GET /api/user/{id} shows a public profile to anyone, with presence, and no private fields', async () => {
    const { token, uid } = await signIn(server(), 'Public Person')
    const offline = await server().api.api.user({ id: uid }).get()
    expect(offline.data?.data.profile).toMatchObject({
      _id: uid,
      nickname: 'Public Person',
      eloPvp: 1200,
      isOnline: false,
      isPro: false,
    })
    const profile = { ...offline.data?.data.profile }
    for (const secret of ['coins', 'tgId', 'subscription', 'income', 'referrer'])
      expect(profile).not.toHaveProperty(secret)

    const socket = await TestSocket.connect(server().wsUrl, token)
    try {
      expect((await server().api.api.user({ id: uid }).get()).data?.data.profile.isOnline).toBe(true)
    } finally {
      await socket.close()
    }
  })

  test('GET /api/user/{id} of an unknown id is 404, prototype names included', async () => {
    for (const id of ['nobody', '__proto__', 'constructor']) {
      const res = await fetch(`${server().url}/api/user/${id}`)
      expect(res.status).toBe(404)
      expect(await res.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } })
    }
  })
})
