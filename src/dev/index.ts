import { Elysia } from 'elysia'
import type { Core } from '../core.ts'
import { ok } from '../http/envelope.ts'
import { isDeveloper } from './access.ts'

/**
 * GET /api/dev/access: what /dev may show this visitor. Open to anyone (the page is, SPEC.md §2);
 * a missing or bad token is simply not a developer. `devMode` tells whether the DEV=1-only calls
 * (dev sign-in, devsub) exist on this server.
 */
export function devFeature(core: Core) {
  const routes = new Elysia().get('/api/dev/access', async ({ headers }) => {
    const verified = await core.tokens.fromHeader(headers.authorization)
    const user = verified ? await core.users.get(verified.uid) : null
    return ok({ developer: isDeveloper(user, core.config.devTgIds), devMode: core.config.dev })
  })
  return { routes }
}
