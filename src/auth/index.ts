import { Elysia, t } from 'elysia'
import type { Core } from '../core.ts'
import { notFound, ok } from '../http/envelope.ts'
import { LangSchema } from '../http/models.ts'
import { unwrap } from '../http/refusals.ts'
import { deviceCookieHeader, readDeviceKeys, updateDeviceKeys } from './device-cookie.ts'
import { deviceLabel } from './device-label.ts'
import { WidgetSchema } from './models.ts'
import type { AuthService } from './service.ts'

/**
 * The sign-in routes of PROTOCOL.md Auth, open to anyone (the edge limits them per address).
 * Each begins a server-side session; a web sign-in also sets this browser's `device` cookie.
 */
export function authFeature(core: Core, auth: AuthService) {
  const routes = new Elysia({ prefix: '/api/auth' })
    .post(
      '/signin',
      async ({ body, headers, set }) => {
        const cookieKeys = readDeviceKeys(headers.cookie)
        const signed = unwrap(
          await auth.signInWeb({ ...body, cookieKeys, device: deviceLabel(headers['user-agent']) }),
        )
        const keys = updateDeviceKeys(cookieKeys, { add: signed.auth.deviceKey })
        set.headers['set-cookie'] = deviceCookieHeader(keys, core.config.publicUrl)
        return ok({ auth: signed.auth })
      },
      {
        body: t.Object({
          nickname: t.String({ maxLength: 100 }),
          // The length rule applies when a password is set; here it only bounds the work of a check.
          password: t.Optional(t.String({ minLength: 1, maxLength: 1024 })),
          deviceKey: t.Optional(t.String({ maxLength: 64 })),
          lang: t.Optional(LangSchema),
        }),
      },
    )
    .post(
      '/tg-signin',
      async ({ body, headers }) =>
        ok({ auth: unwrap(await auth.signInInitData(body.data, deviceLabel(headers['user-agent']))).auth }),
      { body: t.Object({ data: t.String({ minLength: 1, maxLength: 8192 }) }) },
    )
    .post(
      '/tg-widget',
      async ({ body, headers }) =>
        ok({ auth: unwrap(await auth.signInWidget(body, deviceLabel(headers['user-agent']))).auth }),
      { body: WidgetSchema },
    )
    .post(
      '/dev-signin',
      async ({ body, headers }) => {
        if (core.config.production)
          core.log.warn('UNSAFE: dev sign-in on a production server', { nickname: body?.nickname })
        return ok({ auth: unwrap(await auth.signInDev(body ?? {}, deviceLabel(headers['user-agent']))).auth })
      },
      {
        // Registered always so the client type knows it; without DEV=1 it answers exactly like an
        // unknown route, before the body is even looked at (transform runs ahead of validation).
        transform() {
          if (!core.config.dev) throw notFound('Not found: /api/auth/dev-signin')
        },
        body: t.Optional(
          t.Object({
            nickname: t.Optional(t.String({ maxLength: 100 })),
            tgId: t.Optional(t.Number({ multipleOf: 1, minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
          }),
        ),
      },
    )
  return { routes }
}
