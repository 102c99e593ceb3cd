/**
 * Web accounts nobody can take over (PROTOCOL.md Auth): a taken nickname opens only with its
 * device key or password, whatever its spelling; passwords; Telegram linking.
 */
import { describe, expect, test } from 'bun:test'
import { accountRows, request, signin, signUp } from './accounts.ts'
import { useServer } from './clients.ts'
import { describeServer } from './harness.ts'
import { signInitData, signWidget } from './telegram.ts'

describeServer('accounts', (db) => {
  const { server } = useServer(db)

  describe('taking over a taken nickname', () => {
    test('exact, case-changed, spaced, full-width and look-alike names are refused; nothing is written', async () => {
      const victim = await signUp(server(), 'Kopa Boba')
      const before = await accountRows(server())
      for (const nickname of [
        'Kopa Boba',
        'kopa boba',
        'KOPA BOBA',
        '  Kopa   Boba ',
        'Kopa_Boba',
        'Kopa-boba',
        'Ｋｏｐａ Ｂｏｂａ',
        'K0pa B0ba',
        // Every letter Cyrillic: one alphabet per word, but a skeleton of the taken name.
        'КОРА ВОВА',
        'кора вова',
      ]) {
        const res = await signin(server(), { nickname })
        expect({ nickname, status: res.status, code: res.body.error?.code }).toEqual({
          nickname,
          status: 409,
          code: 'NICKNAME_TAKEN',
        })
        expect(res.setCookie).toBe('')
      }
      for (const [nickname, code] of [
        ['Kоpa Boba', 'NICKNAME_MIXED_SCRIPTS'], // a Cyrillic о among Latin letters
        ['Kopa\u200D Boba', 'NICKNAME_INVISIBLE'],
        ['Kopa\u2060Boba', 'NICKNAME_INVISIBLE'],
      ] as const) {
        const res = await signin(server(), { nickname })
        expect({ nickname, status: res.status, code: res.body.error?.code }).toEqual({
          nickname,
          status: 400,
          code,
        })
      }
      expect(await accountRows(server())).toEqual(before)
      // The owner still gets in with the device key.
      const again = await signin(
        server(),
        { nickname: 'kopa boba' },
        { cookie: `device=${victim.deviceKey}` },
      )
      expect(again.body.data.auth.uid).toBe(victim.uid)
    })

    test("a wrong key in the body is 401 BAD_CREDENTIALS; another account's key in the cookie is 409", async () => {
      const owner = await signUp(server(), 'Keyholder')
      const other = await signUp(server(), 'Someone Else')
      const wrong = await signin(server(), { nickname: 'Keyholder', deviceKey: 'A'.repeat(43) })
      expect(wrong.status).toBe(401)
      expect(wrong.body.error?.code).toBe('BAD_CREDENTIALS')
      const foreign = await signin(
        server(),
        { nickname: 'Keyholder' },
        { cookie: `device=${other.deviceKey}` },
      )
      expect(foreign.status).toBe(409)
      // A browser holding keys of two accounts opens each with its own.
      const both = `device=${other.deviceKey}.${owner.deviceKey}`
      expect((await signin(server(), { nickname: 'keyholder' }, { cookie: both })).body.data.auth.uid).toBe(
        owner.uid,
      )
      expect(
        (await signin(server(), { nickname: 'someone else' }, { cookie: both })).body.data.auth.uid,
      ).toBe(other.uid)
    })

    test('a new account on a browser keeps the keys it held for others in its cookie', async () => {
      const first = await signUp(server(), 'Shared One')
      const res = await signin(server(), { nickname: 'Shared Two' }, { cookie: `device=${first.deviceKey}` })
      expect(res.setCookie).toContain(`device=${res.body.data.auth.deviceKey}.${first.deviceKey};`)
    })
  })

  describe('passwords', () => {
    test('device key and password reach the same account; a wrong password is 401', async () => {
      const player = await signUp(server(), 'Pass Holder')
      const set = await request(server(), 'POST', '/api/user/password', {
        token: player.token,
        body: { password: 'correct horse' },
      })
      expect(set).toMatchObject({ status: 200, body: { success: true, data: { hasPassword: true } } })

      const elsewhere = await signin(server(), { nickname: 'PASS HOLDER', password: 'correct horse' })
      expect(elsewhere.status).toBe(200)
      expect(elsewhere.body.data.auth.uid).toBe(player.uid)
      // The other browser gets a key of its own.
      expect(elsewhere.body.data.auth.deviceKey).not.toBe(player.deviceKey)
      expect(elsewhere.setCookie).toContain(`device=${elsewhere.body.data.auth.deviceKey}`)

      const before = await accountRows(server())
      const wrong = await signin(server(), { nickname: 'Pass Holder', password: 'wrong horse' })
      expect(wrong.status).toBe(401)
      expect(wrong.body.error?.code).toBe('BAD_CREDENTIALS')
      // A wrong password with the right device key is still a wrong password.
      const mixed = await signin(
        server(),
        { nickname: 'Pass Holder', password: 'wrong horse' },
        { cookie: `device=${player.deviceKey}` },
      )
      expect(mixed.status).toBe(401)
      expect(await accountRows(server())).toEqual(before)
    })

    test('a password never makes an account: a mistyped nickname is 401, not a new player', async () => {
      const before = await accountRows(server())
      const res = await signin(server(), { nickname: 'Nobody Yet', password: 'whatever123' })
      expect(res.status).toBe(401)
      expect(res.body.error?.code).toBe('BAD_CREDENTIALS')
      expect(await accountRows(server())).toEqual(before)
    })

    test('8-128 characters (counted as characters); a password can be changed', async () => {
      const player = await signUp(server(), 'Length Rule')
      const setTo = (password: string) =>
        request(server(), 'POST', '/api/user/password', { token: player.token, body: { password } })
      for (const bad of ['short', '1234567', 'x'.repeat(129), '😀'.repeat(129)]) {
        const res = await setTo(bad)
        expect(res.status).toBe(400)
        expect(res.body.error?.code).toBe('PASSWORD_INVALID')
      }
      // 8 emoji are 16 UTF-16 units but 8 characters; 128 characters is the most.
      expect((await setTo('😀'.repeat(8))).status).toBe(200)
      expect((await setTo('y'.repeat(128))).status).toBe(200)
      expect((await signin(server(), { nickname: 'Length Rule', password: '😀'.repeat(8) })).status).toBe(401)
      expect((await signin(server(), { nickname: 'Length Rule', password: 'y'.repeat(128) })).status).toBe(
        200,
      )
    })

    test('needs a token; a Telegram account has no nickname to protect', async () => {
      const anonymous = await request(server(), 'POST', '/api/user/password', {
        body: { password: 'x'.repeat(10) },
      })
      expect(anonymous.status).toBe(401)
      const tg = await request<{ auth: { token: string } }>(server(), 'POST', '/api/auth/tg-signin', {
        body: { data: signInitData({ id: 810001, first_name: 'Tg', username: 'tg_only' }) },
      })
      const res = await request(server(), 'POST', '/api/user/password', {
        token: tg.body.data.auth.token,
        body: { password: 'x'.repeat(10) },
      })
      expect(res.status).toBe(409)
      expect(res.body.error?.code).toBe('TELEGRAM_ACCOUNT')
    })
  })

  describe('Telegram', () => {
    test('a Telegram account is never reachable by its nickname alone', async () => {
      const tg = await request<{ auth: { uid: string } }>(server(), 'POST', '/api/auth/tg-signin', {
        body: { data: signInitData({ id: 810002, first_name: 'Tele', username: 'tele_gram' }) },
      })
      const profile = await server().core.users.get(tg.body.data.auth.uid)
      expect(profile?.nickname).toBe('tele_gram')
      // The nickname is free for the web: a new, different account.
      const web = await signin(server(), { nickname: 'tele_gram' })
      expect(web.status).toBe(200)
      expect(web.body.data.auth.uid).not.toBe(tg.body.data.auth.uid)
      expect(await signin(server(), { nickname: 'tele_gram', password: 'whatever123' })).toMatchObject({
        status: 401,
      })
    })

    test('a web account links its Telegram identity: both reach it; the nickname still needs its key', async () => {
      const web = await signUp(server(), 'Linker')
      const link = await request(server(), 'POST', '/api/auth/tg-link', {
        token: web.token,
        body: { data: signInitData({ id: 810003, first_name: 'Link', username: 'linker_tg' }) },
      })
      expect(link).toMatchObject({ status: 200, body: { data: { tgId: 810003 } } })
      // Linking again is harmless.
      expect(
        (
          await request(server(), 'POST', '/api/auth/tg-link-widget', {
            token: web.token,
            body: signWidget({ id: 810003, first_name: 'Link' }),
          })
        ).status,
      ).toBe(200)

      const viaMiniApp = await request<{ auth: { uid: string } }>(server(), 'POST', '/api/auth/tg-signin', {
        body: { data: signInitData({ id: 810003, first_name: 'Link', username: 'linker_tg' }) },
      })
      expect(viaMiniApp.body.data.auth.uid).toBe(web.uid)
      const viaWidget = await request<{ auth: { uid: string } }>(server(), 'POST', '/api/auth/tg-widget', {
        body: signWidget({ id: 810003, first_name: 'Link' }),
      })
      expect(viaWidget.body.data.auth.uid).toBe(web.uid)
      const user = await server().core.users.get(web.uid)
      expect(user).toMatchObject({ nickname: 'Linker', tgId: 810003 })

      expect((await signin(server(), { nickname: 'Linker' })).status).toBe(409)
      expect(
        (await signin(server(), { nickname: 'Linker' }, { cookie: `device=${web.deviceKey}` })).status,
      ).toBe(200)
    })

    test('a Telegram id with its own account is refused with 409 TELEGRAM_TAKEN; one link per account', async () => {
      const own = await request<{ auth: { uid: string } }>(server(), 'POST', '/api/auth/tg-signin', {
        body: { data: signInitData({ id: 810004, first_name: 'Own' }) },
      })
      const web = await signUp(server(), 'Would Link')
      const taken = await request(server(), 'POST', '/api/auth/tg-link', {
        token: web.token,
        body: { data: signInitData({ id: 810004, first_name: 'Own' }) },
      })
      expect(taken.status).toBe(409)
      expect(taken.body.error?.code).toBe('TELEGRAM_TAKEN')
      expect((await server().core.users.get(web.uid))?.tgId).toBe(0)
      expect((await server().core.users.get(own.body.data.auth.uid))?.tgId).toBe(810004)

      await request(server(), 'POST', '/api/auth/tg-link', {
        token: web.token,
        body: { data: signInitData({ id: 810005, first_name: 'First' }) },
      })
      const second = await request(server(), 'POST', '/api/auth/tg-link', {
        token: web.token,
        body: { data: signInitData({ id: 810006, first_name: 'Second' }) },
      })
      expect(second.status).toBe(409)
      expect(second.body.error?.code).toBe('TELEGRAM_LINKED_OTHER')
    })

    test('linking needs a token and a good signature', async () => {
      const data = signInitData({ id: 810007, first_name: 'Nobody' })
      expect((await request(server(), 'POST', '/api/auth/tg-link', { body: { data } })).status).toBe(401)
      const web = await signUp(server(), 'Bad Sig')
      const forged = await request(server(), 'POST', '/api/auth/tg-link', {
        token: web.token,
        body: { data: data.replace('Nobody', 'Mallory') },
      })
      expect(forged.status).toBe(401)
      expect((await server().core.users.get(web.uid))?.tgId).toBe(0)
    })
  })
})
