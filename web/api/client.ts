import type { App } from '../../src/app.ts'
import { treatyClient } from './treaty.ts'

export interface ApiDeps {
  origin: string
  /** The current token ('' when signed out); read on every call so a refresh applies at once. */
  token: () => string
  fetch?: typeof fetch
}

/** The typed REST client (Eden treaty over the server's App type; types only cross over). */
export function createApi(deps: ApiDeps) {
  // Dates stay text: our times are numbers (PROTOCOL.md), and a date-like nickname or news title
  // must not become a Date object, which React cannot render.
  return treatyClient<App>(deps.origin, {
    fetcher: deps.fetch,
    headers: () => {
      const token = deps.token()
      return token ? { authorization: `Bearer ${token}` } : undefined
    },
  })
}

export type Api = ReturnType<typeof createApi>

export type Outcome<T> = { ok: true; data: T } | { ok: false; code: string; message: string }

interface TreatyAnswer {
  data: unknown
  error: { status: unknown; value: unknown } | null
}

/** Folds a treaty answer and the envelope of PROTOCOL.md into one result; a thrown fetch is NETWORK. */
export async function call<T>(request: () => Promise<TreatyAnswer>): Promise<Outcome<T>> {
  let answer: TreatyAnswer
  try {
    answer = await request()
  } catch (err) {
    return { ok: false, code: 'NETWORK', message: err instanceof Error ? err.message : String(err) }
  }
  const body = (answer.error ? answer.error.value : answer.data) as
    | { success?: unknown; data?: unknown; error?: { code?: unknown; message?: unknown } }
    | null
    | undefined
  if (body?.success === true) return { ok: true, data: body.data as T }
  const code = typeof body?.error?.code === 'string' ? body.error.code : 'UNKNOWN'
  const message = typeof body?.error?.message === 'string' ? body.error.message : ''
  return { ok: false, code, message }
}
