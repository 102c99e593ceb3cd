import { Elysia, t } from 'elysia'
import type { Core } from '../core.ts'
import { notFound, ok } from '../http/envelope.ts'
import { LangSchema } from '../http/models.ts'
import type { AuthService } from './service.ts'

export function authPlugin(core: Core, auth: AuthService) {
  return new Elysia({ prefix: '/api/auth' })
    .post(
      '/signin',
      async ({ body }) => ok({ auth: (await auth.signInWeb(body.nickname, body.lang)).auth }),
      { body: t.Object({ nickname: t.String({ maxLength: 100 }), lang: t.Optional(LangSchema) }) },
    )
    .post('/tg-signin', async ({ body }) => ok({ auth: (await auth.signInInitData(body.data)).auth }), {
      body: t.Object({ data: t.String({ minLength: 1, maxLength: 8192 }) }),
    })
    .post('/tg-widget', async ({ body }) => ok({ auth: (await auth.signInWidget(body)).auth }), {
      // Every field the widget sent takes part in the hash, so none may be dropped or renamed here.
      body: t.Record(
        t.String({ maxLength: 64 }),
        t.Union([t.String({ maxLength: 1024 }), t.Number(), t.Boolean()]),
      ),
    })
    .post('/dev-signin', async ({ body }) => ok({ auth: (await auth.signInDev(body ?? {})).auth }), {
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
    })
}
