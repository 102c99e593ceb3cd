import { Elysia, t } from 'elysia'
import { ALPHABETS } from '../../engine/index.ts'
import { badRequest, ok } from '../http/envelope.ts'
import { LangSchema } from '../http/models.ts'
import type { DefinitionsStore } from './store.ts'

const MAX_LETTERS = 32

/**
 * GET /api/definitions/{lang}/{word}: what a played word means, from the server's own files (no
 * outside service). Open to anyone, like the game it was played in. Unknown words and languages
 * without a source answer `definitions: []` (the client's "no definition" state), not 404.
 */
export function definitionsFeature(store: DefinitionsStore) {
  const routes = new Elysia({ prefix: '/api/definitions' }).get(
    '/:lang/:word',
    ({ params, set }) => {
      const alphabet = ALPHABETS[params.lang]
      const word = alphabet.fold(params.word.trim().toLowerCase())
      const letters = [...word]
      if (
        !letters.length ||
        letters.length > MAX_LETTERS ||
        !letters.every((l) => alphabet.letters.includes(l))
      )
        throw badRequest(`A word is 1-${MAX_LETTERS} letters of the ${params.lang} alphabet`)
      // The files never change while the server runs.
      set.headers['cache-control'] = 'public, max-age=86400'
      return ok(store.lookup(params.lang, word))
    },
    { params: t.Object({ lang: LangSchema, word: t.String({ minLength: 1, maxLength: 64 }) }) },
  )
  return { routes }
}
