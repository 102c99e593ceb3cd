/**
 * Security headers on every answer (docs/server.md "Security headers"): the CSP allows our origin
 * and Telegram's widget only, scripts by hash (never 'unsafe-inline'), framing by Telegram's web
 * clients; nosniff and Referrer-Policy everywhere; HSTS only when PUBLIC_URL is https.
 */
import { describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { useServer } from './clients.ts'
import { describeServer } from './harness.ts'

const AUTH_COOKIE = `auth=${encodeURIComponent(JSON.stringify({ token: 'tok', uid: 'u1' }))}`

/** The directives of a CSP header, by name. */
function directives(csp: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) out.set(name, values)
  }
  return out
}

describeServer('security headers', (db) => {
  const { server } = useServer(db)

  const expectHeaders = (res: Response) => {
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('strict-transport-security')).toBeNull()
    const csp = directives(res.headers.get('content-security-policy'))
    expect(csp.get('default-src')).toEqual(["'self'"])
    expect(csp.get('frame-ancestors')).toEqual([
      "'self'",
      'https://web.telegram.org',
      'https://*.telegram.org',
    ])
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'")
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'")
    expect(csp.get('object-src')).toEqual(["'none'"])
    return csp
  }

  test('a page: its one inline script is allowed by its hash, and the widget by its hosts only', async () => {
    const res = await fetch(`${server().url}/en/rating`, { headers: { cookie: AUTH_COOKIE } })
    expect(res.status).toBe(200)
    const csp = expectHeaders(res)
    const html = await res.text()
    // Every script in the page without a src is either JSON data or allowed by a hash.
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attrs]) => !attrs.includes('application/json'))
      .map(([, , body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`)
    expect(inline).toHaveLength(1)
    expect(csp.get('script-src')).toEqual(["'self'", inline[0], 'https://telegram.org'])
    expect(csp.get('frame-src')).toEqual(['https://oauth.telegram.org'])
    expect(csp.get('connect-src')).toContain(`ws://${new URL(server().url).host}`)
  })

  test.each([
    ['GET', '/api/health', 200],
    ['GET', '/api/nothing-here', 404],
    ['GET', '/api/games/%00', 400],
    ['POST', '/api/auth/signin', 400],
    ['GET', '/no-such-page', 404],
    ['GET', '/favicon.svg', 200],
  ])('%s %s (%i) carries them too', async (method, path, status) => {
    const res = await fetch(`${server().url}${path}`, { method, headers: { cookie: AUTH_COOKIE } })
    expect(res.status).toBe(status)
    expectHeaders(res)
  })
})

describe('with an https PUBLIC_URL', () => {
  const { server } = useServer('pglite', {
    env: { PUBLIC_URL: 'https://game.example', TELEGRAM_BOT_TOKEN: '' },
  })

  test('HSTS is on, and the socket is allowed at the public host', async () => {
    const res = await fetch(`${server().url}/api/health`)
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000')
    expect(directives(res.headers.get('content-security-policy')).get('connect-src')).toEqual([
      "'self'",
      'ws://game.example',
      'wss://game.example',
    ])
  })
})
