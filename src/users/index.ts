import { Elysia, t } from 'elysia'
import { authGuard } from '../auth/guard.ts'
import type { Core } from '../core.ts'
import { notFound, ok } from '../http/envelope.ts'
import { LangSchema } from '../http/models.ts'
import { backfillNicknameKeys } from './nickname-backfill.ts'
import { toPublicProfile } from './profile.ts'

export function usersFeature(core: Core) {
  const { users, hub, clock } = core
  const routes = new Elysia({ prefix: '/api/user' })
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
  // Before listening: accounts from before nickname keys get theirs (sign-in needs them).
  return { routes, onStart: () => backfillNicknameKeys(core.db, core.log.child({ component: 'auth' })) }
}
