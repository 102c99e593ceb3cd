import { Elysia, t } from 'elysia'
import type { Core } from '../core.ts'
import { developerGuard } from '../dev/access.ts'
import { ok } from '../http/envelope.ts'
import { LangSchema } from '../http/models.ts'
import { unwrap } from '../http/refusals.ts'
import { NewsInput } from './model.ts'
import { createNewsService, type NewsService } from './service.ts'

const IdParam = t.Object({ id: t.String({ pattern: '^[0-9a-f]{24}$' }) })

/**
 * News and banners (SPEC.md §2 Home): anyone reads the active items of a language; developers
 * (DEV_TG_IDS) list, create, edit and delete them; everyone else gets 403.
 */
export function newsFeature(core: Core, service: NewsService = createNewsService(core)) {
  const routes = new Elysia({ prefix: '/api/news' })
    .use(developerGuard(core))
    .get('/', async ({ query }) => ok({ items: await service.shown(query.lang) }), {
      query: t.Object({ lang: LangSchema }),
    })
    .get('/all', async () => ok({ items: await service.all() }), { developer: true })
    .post('/', async ({ body }) => ok(unwrap(await service.create(body))), {
      developer: true,
      body: NewsInput,
    })
    .put('/:id', async ({ params, body }) => ok(unwrap(await service.update(params.id, body))), {
      developer: true,
      params: IdParam,
      body: NewsInput,
    })
    .delete('/:id', async ({ params }) => ok(unwrap(await service.remove(params.id))), {
      developer: true,
      params: IdParam,
    })
  return { routes }
}
