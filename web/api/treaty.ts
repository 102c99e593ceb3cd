import type { Treaty } from '@elysiajs/eden'
import type { Elysia } from 'elysia'

/**
 * The calls of Eden's treaty that this client makes, in a few hundred bytes instead of Eden's
 * runtime (4 kB gzip on every page's first load, issue 14): `api.a.b({ id }).c.get({ query })`
 * and `.post(body, { query, headers })` build the URL from the path; a JSON body goes as JSON; the
 * answer is `{ data, error: { status, value } | null, status }` as Eden gives it. The types stay
 * Eden's (types only cross over). A fetch that throws is thrown on, for `call` to name NETWORK.
 */
const METHODS = new Set(['get', 'post', 'put', 'delete', 'patch', 'head'])

export interface TreatyOptions {
  fetcher?: typeof fetch
  headers: () => Record<string, string> | undefined
}

interface CallOptions {
  query?: Record<string, unknown>
  headers?: Record<string, string>
}

// biome-ignore lint/suspicious/noExplicitAny: Eden's own bound for an app type
export function treatyClient<App extends Elysia<any, any, any, any, any, any, any>>(
  origin: string,
  options: TreatyOptions,
): Treaty.Create<App> {
  return proxy(origin, options, []) as Treaty.Create<App>
}

function proxy(origin: string, options: TreatyOptions, path: string[]): unknown {
  return new Proxy(() => {}, {
    get: (_, key) =>
      // Not a thenable: an `await` on a path must not take it for a promise.
      typeof key !== 'string' || (path.length === 0 && key === 'then')
        ? undefined
        : proxy(origin, options, [...path, key]),
    apply(_, __, [first, second]: [unknown, CallOptions | undefined]) {
      const method = path.at(-1) ?? ''
      if (!METHODS.has(method)) {
        // `segment({ id })`: a path parameter.
        const value = Object.values((first ?? {}) as Record<string, unknown>)[0]
        return proxy(origin, options, [...path, String(value)])
      }
      const bodyless = method === 'get' || method === 'head'
      const extra = (bodyless ? first : second) as CallOptions | undefined
      return send(
        `${origin}/${path.slice(0, -1).join('/')}`,
        method,
        bodyless ? undefined : first,
        extra,
        options,
      )
    },
  })
}

async function send(
  url: string,
  method: string,
  body: unknown,
  extra: CallOptions | undefined,
  options: TreatyOptions,
) {
  const query = Object.entries(extra?.query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&')
  const headers: Record<string, string> = { ...options.headers(), ...extra?.headers }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const response = await (options.fetcher ?? fetch)(query ? `${url}?${query}` : url, {
    method: method.toUpperCase(),
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  const json = response.headers.get('content-type')?.startsWith('application/json')
  const value: unknown = json && text ? JSON.parse(text) : text
  const ok = response.status >= 200 && response.status < 300
  return {
    data: ok ? value : null,
    error: ok ? null : { status: response.status, value },
    status: response.status,
    response,
    headers: response.headers,
  }
}
