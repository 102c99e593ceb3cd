/**
 * What a played word means (GET /api/definitions/{lang}/{word}): one word open at a time, each word
 * read once per page. "No definition" is an answer like any other (an unknown word, or a language
 * our server has no source for), not an error.
 */
import { signal } from '@preact/signals-react'
import type { Lang } from '../../engine/index.ts'
import type { Definitions } from '../../src/definitions/store.ts'
import { type Api, call } from '../api/client.ts'

export type DefinitionEntry =
  | { status: 'loading' }
  | { status: 'ready'; data: Definitions }
  | { status: 'failed' }

export function createDefinitions(deps: { api: Api }) {
  const open = signal<{ lang: Lang; word: string } | null>(null)
  const entry = signal<DefinitionEntry>({ status: 'loading' })
  const cache = new Map<string, Definitions>()

  async function read(lang: Lang, word: string) {
    const key = `${lang}:${word}`
    const known = cache.get(key)
    if (known) {
      entry.value = { status: 'ready', data: known }
      return
    }
    entry.value = { status: 'loading' }
    const got = await call(() => deps.api.api.definitions({ lang })({ word }).get())
    if (open.value?.lang !== lang || open.value.word !== word) return
    if (got.ok) cache.set(key, got.data)
    entry.value = got.ok ? { status: 'ready', data: got.data } : { status: 'failed' }
  }

  return {
    open,
    entry,
    show(lang: Lang, word: string) {
      open.value = { lang, word }
      void read(lang, word)
    },
    close() {
      open.value = null
    },
  }
}

export type DefinitionsStore = ReturnType<typeof createDefinitions>
