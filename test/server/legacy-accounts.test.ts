/**
 * Accounts from before credentials: web accounts that signed in by the exact nickname (so two may
 * differ only in case or look-alikes) and tokens without a session. At start every such account gets
 * a key of its own (older first, later ones renamed); the devices holding their tokens keep working:
 * /api/init exchanges such a token once for a session, and gives a web account's browser a device key.
 */
import { expect, test } from 'bun:test'
import { jwt } from '@elysiajs/jwt'
import { eq } from 'drizzle-orm'
import { users } from '../../src/db/schema/index.ts'
import { nicknameKey } from '../../src/users/nickname.ts'
import { claims, request, signin } from './accounts.ts'
import { createWebUser, describeServer, restartableServer, type TestServer } from './harness.ts'

const SECRET = 'test-secret-test-secret-test-secret'

/** A token as the server signed them before sessions: a user and an expiry, no session id. */
async function legacyToken(uid: string, nowMs: number): Promise<string> {
  const signer = jwt({ name: 'jwt', secret: SECRET }).decorator.jwt
  const iat = Math.floor(nowMs / 1000)
  return signer.sign({ sub: uid, exp: iat + 7 * 24 * 3600, iat: false, issuedAt: iat })
}

/** A web account as the old sign-in made it: no nickname key. */
async function legacyWebUser(server: TestServer, nickname: string): Promise<string> {
  const user = await createWebUser(server.core.users, nickname)
  await server.core.db.update(users).set({ nicknameKey: null }).where(eq(users.id, user.id))
  server.clock.advance(1000)
  return user.id
}

describeServer('accounts from before credentials', (db) => {
  const servers = restartableServer(db)

  test('get nickname keys at start (later look-alikes renamed) and keep working from their tokens', async () => {
    let server = await servers.start()
    const olga = await legacyWebUser(server, 'Olga')
    const upper = await legacyWebUser(server, 'OLGA')
    // A name today's rules refuse (a Cyrillic О among Latin letters) stays, under another key.
    const cyrillicO = await legacyWebUser(server, 'Оlga')
    expect(nicknameKey('Оlga')).toBe(nicknameKey('Olga'))

    server = await servers.restart(1000)
    const read = async (id: string) => server.core.users.get(id)
    expect(await read(olga)).toMatchObject({ nickname: 'Olga', nicknameKey: nicknameKey('Olga') })
    expect(await read(upper)).toMatchObject({ nickname: 'OLGA 2', nicknameKey: nicknameKey('OLGA 2') })
    expect(await read(cyrillicO)).toMatchObject({ nickname: 'Оlga 3' })
    expect(server.logs.filter((r) => r.msg === 'nickname taken by an older account: renamed')).toHaveLength(2)

    // The nickname alone no longer opens any of them.
    expect((await signin(server, { nickname: 'olga' })).status).toBe(409)

    // The device holding OLGA's old token: refused outside init, exchanged by init.
    const old = await legacyToken(upper, server.clock.now())
    expect((await request(server, 'GET', '/api/games', { token: old })).status).toBe(401)
    const init = await request<{ auth: { token: string; uid: string } }>(server, 'POST', '/api/init', {
      token: old,
    })
    expect(init.status).toBe(200)
    expect(init.body.data.auth.uid).toBe(upper)
    const fresh = init.body.data.auth.token
    expect(claims(fresh).sid).toBeString()
    expect((await request(server, 'GET', '/api/games', { token: fresh })).status).toBe(200)
    const key = /device=([A-Za-z0-9_-]{43})/.exec(init.setCookie)?.[1]
    expect(init.setCookie).toContain('HttpOnly')
    expect(key).toBeString()
    // That browser can come back by nickname with its new key.
    const back = await signin(server, { nickname: 'OLGA 2' }, { cookie: `device=${key}` })
    expect(back.body.data.auth.uid).toBe(upper)

    // A later init with the new token keeps its session and makes no new key.
    const again = await request<{ auth: { token: string } }>(server, 'POST', '/api/init', { token: fresh })
    expect(claims(again.body.data.auth.token).sid).toBe(claims(fresh).sid)
    expect(again.setCookie).toBe('')
  })

  test('a token signed with another secret, or expired, is not exchanged', async () => {
    const server = await servers.start()
    const uid = await legacyWebUser(server, 'Expired One')
    const stale = await legacyToken(uid, server.clock.now() - 8 * 24 * 3600_000)
    expect((await request(server, 'POST', '/api/init', { token: stale })).status).toBe(401)
    const forged = jwt({ name: 'jwt', secret: 'another-secret-another-secret' }).decorator.jwt
    const token = await forged.sign({
      sub: uid,
      exp: Math.floor(server.clock.now() / 1000) + 3600,
      iat: false,
    })
    expect((await request(server, 'POST', '/api/init', { token })).status).toBe(401)
  })
})
