/**
 * The Telegram photo as the default avatar, on the real server: a Telegram sign-in (Mini App init
 * data or the Login Widget) names a photo; the server copies it from Telegram's CDN (here a fake
 * one on localhost) into the database and serves it from our origin; a user without an avatar of
 * their own gets it, and an open socket hears of it. Links off Telegram's hosts are never fetched,
 * and what is not a small image is not kept.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { users } from '../../src/db/schema/index.ts'
import { photoAvatar } from '../../src/photos/service.ts'
import { telegramPhotoUrl } from '../../src/photos/source.ts'
import { describeServer, startServer, type TestServer } from './harness.ts'
import { call } from './http.ts'
import { signInitData, signWidget } from './telegram.ts'
import { TestSocket } from './ws-client.ts'

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8])
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"><rect width="2" height="2"/></svg>'

/** Telegram's CDN as far as the server can tell: answers by host and path, records every request. */
function fakeCdn() {
  const asked: string[] = []
  const server = Bun.serve({
    port: 0,
    fetch(req) {
      const url = new URL(req.url)
      const [, host, ...rest] = url.pathname.split('/')
      const path = `/${rest.join('/')}`
      asked.push(`${host}${path}`)
      if (path.endsWith('/moved.jpg'))
        return new Response(null, {
          status: 302,
          headers: { location: 'https://cdn4.telesco.pe/file/ann.jpg' },
        })
      if (path.endsWith('/away.jpg'))
        return new Response(null, { status: 302, headers: { location: 'https://evil.example/ann.jpg' } })
      if (path.endsWith('.svg')) return new Response(SVG, { headers: { 'content-type': 'image/svg+xml' } })
      if (path.endsWith('/page.jpg'))
        return new Response('<html></html>', { headers: { 'content-type': 'text/html' } })
      if (path.endsWith('/huge.jpg'))
        return new Response(new Uint8Array(600 * 1024), { headers: { 'content-type': 'image/jpeg' } })
      if (path.endsWith('.jpg')) return new Response(JPEG, { headers: { 'content-type': 'image/jpeg' } })
      return new Response('not found', { status: 404 })
    },
  })
  return {
    asked,
    stop: () => server.stop(true),
    /** The server's fetch of a Telegram address, sent to the fake CDN instead. */
    fetch: (url: string, init: RequestInit) => {
      const target = new URL(url)
      return fetch(`http://127.0.0.1:${server.port}/${target.hostname}${target.pathname}`, init)
    },
  }
}

async function avatarOf(server: TestServer, uid: string): Promise<string | null> {
  const rows = await server.core.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, uid))
  return rows[0]?.avatar ?? null
}

/** Waits for the copy made in the background after a sign-in. */
async function avatarSoon(server: TestServer, uid: string, ms = 5000): Promise<string | null> {
  const until = Date.now() + ms
  for (;;) {
    const avatar = await avatarOf(server, uid)
    if (avatar || Date.now() > until) return avatar
    await Bun.sleep(25)
  }
}

describe('which photo links are taken', () => {
  test.each([
    ['a userpic', true, 'https://t.me/i/userpic/320/abc.jpg'],
    ['an SVG userpic', true, 'https://t.me/i/userpic/320/abc.svg'],
    ['the CDN', true, 'https://cdn4.telesco.pe/file/abc.jpg'],
    ['a telegram.org host', true, 'https://cdn1.telegram.org/file/abc.jpg'],
    ['plain http', false, 'http://t.me/i/userpic/320/abc.jpg'],
    ['a look-alike host', false, 'https://t.me.evil.example/abc.jpg'],
    ['another host', false, 'https://evil.example/t.me/abc.jpg'],
    ['credentials', false, 'https://user:pw@t.me/abc.jpg'],
    ['another port', false, 'https://t.me:8443/abc.jpg'],
    ['a script', false, 'javascript:alert(1)'],
    ['an overlong link', false, `https://t.me/${'a'.repeat(600)}.jpg`],
  ])('%s → taken: %p', (_label, taken, url) => {
    expect(telegramPhotoUrl(url) !== null).toBe(taken)
  })
})

describeServer('the Telegram photo as the default avatar', (db) => {
  let server: TestServer
  const cdn = fakeCdn()
  beforeAll(async () => {
    server = await startServer({ db, photoFetch: cdn.fetch })
  })
  afterAll(async () => {
    await server.stop()
    cdn.stop()
  })

  const tgSignIn = async (user: Parameters<typeof signInitData>[0]) => {
    const res = await call<{ auth: { token: string; uid: string } }>(server, '/api/auth/tg-signin', {
      body: { data: signInitData(user) },
    })
    expect(res.status).toBe(200)
    return res.body.data.auth
  }

  test('Mini App sign-in: the photo is copied, served from our origin, and becomes the avatar', async () => {
    const { uid, token } = await tgSignIn({
      id: 7001,
      first_name: 'Ann',
      photo_url: `https://t.me/i/userpic/320/ann-${db}.jpg`,
    })
    const avatar = await avatarSoon(server, uid)
    expect(avatar).toMatch(new RegExp(`^/api/user/${uid}/photo\\?v=[0-9a-f]{16}$`))
    // /api/init's profile carries it, and the address serves the very bytes, cached for good.
    const init = await call<{ profile: { avatar: string } }>(server, '/api/init', { token, body: {} })
    expect(init.body.data.profile.avatar).toBe(avatar as string)
    const res = await fetch(`${server.url}${avatar}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    expect(res.headers.get('cache-control')).toContain('immutable')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(JPEG)
    // A second sign-in with the same link fetches nothing again.
    const before = cdn.asked.length
    await tgSignIn({ id: 7001, first_name: 'Ann', photo_url: `https://t.me/i/userpic/320/ann-${db}.jpg` })
    await Bun.sleep(100)
    expect(cdn.asked.length).toBe(before)
  })

  test('a new photo in Telegram is a new avatar address, and an open socket hears of it', async () => {
    const { uid, token } = await tgSignIn({
      id: 7002,
      first_name: 'Bo',
      photo_url: 'https://t.me/i/userpic/320/bo.jpg',
    })
    const first = await avatarSoon(server, uid)
    const socket = await TestSocket.connect(server.wsUrl, token)
    await tgSignIn({ id: 7002, first_name: 'Bo', photo_url: 'https://t.me/i/userpic/320/bo.svg' })
    const update = await socket.event('user/update', 5000)
    const avatar = (update.payload as { data: { avatar: string } }).data.avatar
    expect(avatar).not.toBe(first)
    expect(await avatarOf(server, uid)).toBe(avatar)
    // An SVG is served so that it cannot run anything when opened on its own.
    const res = await fetch(`${server.url}${avatar}`)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(res.headers.get('content-security-policy')).toContain('sandbox')
    expect(await res.text()).toBe(SVG)
    await socket.close()
  })

  test('an avatar of the player’s own choosing stays', async () => {
    const { uid } = await tgSignIn({ id: 7003, first_name: 'Cy' })
    await server.core.db.update(users).set({ avatar: 'emoji:🦊' }).where(eq(users.id, uid))
    await tgSignIn({ id: 7003, first_name: 'Cy', photo_url: 'https://t.me/i/userpic/320/cy.jpg' })
    // The photo is kept (served), the avatar is not replaced.
    const until = Date.now() + 5000
    while ((await fetch(`${server.url}/api/user/${uid}/photo`)).status !== 200 && Date.now() < until)
      await Bun.sleep(25)
    expect((await fetch(`${server.url}/api/user/${uid}/photo`)).status).toBe(200)
    expect(await avatarOf(server, uid)).toBe('emoji:🦊')
  })

  test('the Login Widget’s photo is taken too; a redirect within Telegram is followed', async () => {
    const widget = signWidget({
      id: 7004,
      first_name: 'Di',
      photo_url: 'https://t.me/i/userpic/320/moved.jpg',
    })
    const res = await call<{ auth: { uid: string } }>(server, '/api/auth/tg-widget', { body: widget })
    expect(res.status).toBe(200)
    const uid = res.body.data.auth.uid
    expect(await avatarSoon(server, uid)).toStartWith(`/api/user/${uid}/photo?v=`)
    expect(cdn.asked).toContain('cdn4.telesco.pe/file/ann.jpg')
  })

  test('links off Telegram, redirects away from it, pages and huge files are never kept', async () => {
    const cases = [
      { id: 7010, photo_url: 'https://evil.example/ann.jpg' },
      { id: 7011, photo_url: 'http://t.me/i/userpic/320/plain.jpg' },
      { id: 7012, photo_url: 'https://t.me/i/userpic/320/away.jpg' },
      { id: 7013, photo_url: 'https://t.me/i/userpic/320/page.jpg' },
      { id: 7014, photo_url: 'https://t.me/i/userpic/320/huge.jpg' },
    ]
    const uids: string[] = []
    for (const c of cases)
      uids.push((await tgSignIn({ id: c.id, first_name: 'Ev', photo_url: c.photo_url })).uid)
    await Bun.sleep(300)
    for (const uid of uids) {
      expect(await avatarOf(server, uid)).toBeNull()
      expect((await fetch(`${server.url}/api/user/${uid}/photo`)).status).toBe(404)
    }
    // Nothing was ever asked of another host, nor over plain http.
    expect(cdn.asked.some((a) => a.startsWith('evil.example'))).toBe(false)
    expect(cdn.asked.some((a) => a.endsWith('/plain.jpg'))).toBe(false)
    // And the server kept serving.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
  })

  test('the versioned address of a photo names it; an unknown user has none', async () => {
    expect(photoAvatar('u1', 'abc')).toBe('/api/user/u1/photo?v=abc')
    const res = await fetch(`${server.url}/api/user/nobody/photo`)
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } })
  })
})
