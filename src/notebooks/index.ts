import { Elysia, t } from 'elysia'
import { authGuard } from '../auth/guard.ts'
import type { Core } from '../core.ts'
import { ok } from '../http/envelope.ts'
import { ShortText } from '../http/models.ts'
import { unwrap } from '../http/refusals.ts'
import type { NotebookService } from './service.ts'

const GameParams = t.Object({ id: ShortText })

/** SPEC.md §7 notebook calls; each answers the list as shown afterwards. */
export function notebooksFeature(core: Core, notebooks: NotebookService) {
  const routes = new Elysia({ prefix: '/api/games' })
    .use(authGuard(core.tokens))
    .get(
      '/:id/notebook',
      async ({ uid, params }) => ok({ words: unwrap(await notebooks.list(uid, params.id)) }),
      { auth: true, params: GameParams },
    )
    .post(
      '/:id/notebook',
      async ({ uid, params, body }) => ok({ words: unwrap(await notebooks.add(uid, params.id, body.word)) }),
      { auth: true, params: GameParams, body: t.Object({ word: ShortText }) },
    )
    .delete(
      '/:id/notebook/:word',
      async ({ uid, params }) => ok({ words: unwrap(await notebooks.remove(uid, params.id, params.word)) }),
      { auth: true, params: t.Object({ id: ShortText, word: ShortText }) },
    )
  return { routes }
}
