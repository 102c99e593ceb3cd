import { Elysia, t } from 'elysia'
import { SUBSCRIPTION_IDS } from '../../engine/index.ts'
import { authGuard } from '../auth/guard.ts'
import type { Core } from '../core.ts'
import { checkDeveloper } from '../dev/access.ts'
import { notFound, ok } from '../http/envelope.ts'
import { oneOf } from '../http/models.ts'
import { unwrap } from '../http/refusals.ts'
import type { EconomyService } from './service.ts'

/**
 * The economy's routes (SPEC.md §7): /api/user/{avatar, intercom, referrals, refresh-income,
 * charge-income} next to the users plugin's own /api/user routes, and /api/subscription/*.
 * Every answer that changes the wallet carries the new economy fields (also pushed as user/update).
 */
export function economyRoutes(core: Core, economy: EconomyService) {
  const { config } = core

  /** devsub: DEV=1 only (otherwise the route does not exist), and then only for developers. */
  const devOnly = () => {
    if (!config.dev) throw notFound('Not found: /api/subscription/devsub')
  }

  const userRoutes = new Elysia({ prefix: '/api/user' })
    .use(authGuard(core.tokens))
    .post('/avatar', async ({ uid, body }) => ok(unwrap(await economy.setAvatar(uid, body.avatar)).view), {
      auth: true,
      body: t.Object({ avatar: t.String({ minLength: 1, maxLength: 64 }) }),
    })
    .post(
      '/intercom',
      async ({ uid, body }) => ok(unwrap(await economy.addIntercom(uid, body.slotValue)).view),
      {
        auth: true,
        body: t.Object({ slotValue: t.String({ minLength: 1, maxLength: 32 }) }),
      },
    )
    .delete(
      '/intercom',
      async ({ uid, body }) => ok(unwrap(await economy.removeIntercom(uid, body.slotIndex)).view),
      { auth: true, body: t.Object({ slotIndex: t.Integer({ minimum: 0, maximum: 1000 }) }) },
    )
    .get('/referrals', async ({ uid }) => ok({ items: await economy.referrals(uid) }), { auth: true })
    .get('/refresh-income', async ({ uid }) => ok(unwrap(await economy.refreshIncome(uid)).view), {
      auth: true,
    })
    .get(
      '/charge-income',
      async ({ uid }) => {
        const { result, view } = unwrap(await economy.chargeIncome(uid))
        return ok({ charged: result, ...view })
      },
      { auth: true },
    )

  const subscriptionRoutes = new Elysia({ prefix: '/api/subscription' })
    .use(authGuard(core.tokens))
    .post('/trial', async ({ uid }) => ok(unwrap(await economy.startTrial(uid)).view), { auth: true })
    .post('/cancel', async ({ uid }) => ok(unwrap(await economy.cancel(uid)).view), { auth: true })
    .post(
      '/devsub',
      async ({ uid, body }) => {
        unwrap(await checkDeveloper(core, uid))
        return ok(unwrap(await economy.devSubscribe(uid, body?.id ?? 'pro', body?.days)).view)
      },
      {
        auth: true,
        transform: devOnly,
        body: t.Optional(
          t.Object({
            id: t.Optional(oneOf(SUBSCRIPTION_IDS)),
            days: t.Optional(t.Number({ exclusiveMinimum: 0, maximum: 3650 })),
          }),
        ),
      },
    )
    .delete(
      '/devsub',
      async ({ uid }) => {
        unwrap(await checkDeveloper(core, uid))
        return ok(unwrap(await economy.devUnsubscribe(uid)).view)
      },
      { auth: true, transform: devOnly },
    )

  return new Elysia().use(userRoutes).use(subscriptionRoutes)
}
