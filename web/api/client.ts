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

/**
 * The `data` of a route's success envelope, read from the answer type Eden derives from the
 * server's routes (`ok(x)` in src/http/envelope.ts): what `call` resolves with.
 */
export type DataOf<A> = [SuccessOf<A>] extends [{ data: infer T }] ? T : never
/** What `call(request)` resolves with on success, for a signal or a prop that holds it. */
export type AnswerOf<R extends (...args: never[]) => Promise<TreatyAnswer>> = DataOf<Awaited<ReturnType<R>>>
type SuccessOf<A> = Extract<A extends { data: infer Body } ? Body : never, { success: true }>

/** Folds a treaty answer and the envelope of PROTOCOL.md into one result; a thrown fetch is NETWORK. */
export async function call<A extends TreatyAnswer>(request: () => Promise<A>): Promise<Outcome<DataOf<A>>> {
  let answer: A
  try {
    answer = await request()
  } catch (err) {
    return { ok: false, code: 'NETWORK', message: err instanceof Error ? err.message : String(err) }
  }
  const body = (answer.error ? answer.error.value : answer.data) as
    | { success?: unknown; data?: unknown; error?: { code?: unknown; message?: unknown } }
    | null
    | undefined
  // The route's own type says what a success carries (DataOf); the JSON is the server's.
  if (body?.success === true) return { ok: true, data: body.data as DataOf<A> }
  const code = typeof body?.error?.code === 'string' ? body.error.code : 'UNKNOWN'
  const message = typeof body?.error?.message === 'string' ? body.error.message : ''
  return { ok: false, code, message }
}
