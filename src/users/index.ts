import { Elysia, t } from 'elysia'
import { authGuard } from '../auth/guard.ts'
import type { Core } from '../core.ts'
import { notFound, ok } from '../http/envelope.ts'
import { LangSchema } from '../http/models.ts'
import { toPublicProfile } from './profile.ts'

export function usersPlugin(core: Core) {
  const { users, hub, clock } = core
  return new Elysia({ prefix: '/api/user' })
    .use(authGuard(core.tokens))
    .post(
      '/lang',
      async ({ uid, body }) => {
        if (!(await users.setLang(uid, body.lang))) throw notFound('User not found')
        return ok({ lang: body.lang })
      },
      { auth: true, body: t.Object({ lang: LangSchema }) },
    )
    .get(
      '/:id',
      async ({ params }) => {
        const user = await users.get(params.id)
        if (!user) throw notFound('User not found')
        return ok({ profile: toPublicProfile(user, hub.isOnline(user.id), clock()) })
      },
      { params: t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) }) },
    )
}
