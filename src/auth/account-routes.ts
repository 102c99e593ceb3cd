import { Elysia, t } from 'elysia'
import type { Core } from '../core.ts'
import { ok } from '../http/envelope.ts'
import { unwrap } from '../http/refusals.ts'
import type { AccountService } from './account.ts'
import { deviceCookieHeader, readDeviceKeys, updateDeviceKeys } from './device-cookie.ts'
import { authGuard } from './guard.ts'
import { WidgetSchema } from './models.ts'
import type { AuthService } from './service.ts'

/**
 * The signed-in side of PROTOCOL.md Auth: sign-out, the sessions list (docs/server.md), the
 * password, and linking a Telegram identity.
 */
export function accountFeature(core: Core, auth: AuthService, account: AccountService) {
  /** A Set-Cookie that drops a key the browser no longer may use, when there is one. */
  const dropKey = (cookie: string | undefined, key: string | null) =>
    key
      ? {
          'set-cookie': deviceCookieHeader(
            updateDeviceKeys(readDeviceKeys(cookie), { drop: key }),
            core.config.publicUrl,
          ),
        }
      : {}

  const routes = new Elysia()
    .use(authGuard(core.tokens))
    .post(
      '/api/auth/signout',
      async ({ uid, sid, body, headers, set }) => {
        const out = await account.signOut(
          { uid, sid },
          body?.everywhere ?? false,
          readDeviceKeys(headers.cookie),
        )
        Object.assign(set.headers, dropKey(headers.cookie, out.dropKey))
        return ok({ ended: out.ended })
      },
      { auth: true, body: t.Optional(t.Object({ everywhere: t.Optional(t.Boolean()) })) },
    )
    .get('/api/auth/sessions', async ({ uid, sid }) => ok({ sessions: await account.list({ uid, sid }) }), {
      auth: true,
    })
    .delete(
      '/api/auth/sessions/:id',
      async ({ uid, sid, params, headers, set }) => {
        const out = unwrap(await account.end({ uid, sid }, params.id, readDeviceKeys(headers.cookie)))
        Object.assign(set.headers, dropKey(headers.cookie, out.dropKey))
        return ok({ ended: out.ended })
      },
      { auth: true, params: t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) }) },
    )
    .post(
      '/api/user/password',
      async ({ uid, body }) => ok(unwrap(await account.setPassword(uid, body.password))),
      // The 8-128 rule is the service's (counted in characters), with its own error code.
      { auth: true, body: t.Object({ password: t.String({ maxLength: 1024 }) }) },
    )
    .post(
      '/api/auth/tg-link',
      async ({ uid, body }) =>
        ok(unwrap(await account.linkTelegram(uid, unwrap(auth.initDataIdentity(body.data))))),
      { auth: true, body: t.Object({ data: t.String({ minLength: 1, maxLength: 8192 }) }) },
    )
    .post(
      '/api/auth/tg-link-widget',
      async ({ uid, body }) => ok(unwrap(await account.linkTelegram(uid, unwrap(auth.widgetIdentity(body))))),
      { auth: true, body: WidgetSchema },
    )
  return { routes }
}
