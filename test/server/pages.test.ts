import { describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { LANGS, type Lang, translate } from '../../shared/i18n.ts'
import { localePath } from '../../shared/paths.ts'
import { shopCatalogue } from '../../src/economy/catalogue.ts'
import { pagesPlugin } from '../../src/pages/index.ts'
import { ROUTES } from '../../src/pages/routes.ts'
import { webSide } from '../../web/islands/index.ts'

const app = new Elysia().get('/api/health', () => ({ success: true })).use(pagesPlugin({ web: webSide }))
const AUTH = `auth=${encodeURIComponent(JSON.stringify({ token: 'tok', uid: 'u1' }))}`

function get(path: string, cookie?: string, headers: Record<string, string> = {}) {
  return app.handle(
    new Request(`http://localhost${path}`, { headers: cookie ? { cookie, ...headers } : headers }),
  )
}

const title = (html: string) => html.match(/<title>(.*?)<\/title>/)?.[1] ?? ''
const htmlLang = (html: string) => html.match(/<html lang="(\w+)"/)?.[1]
const props = (html: string) =>
  JSON.parse(html.match(/<script type="application\/json" id="island-props-0">(.*?)<\/script>/)![1])
/** A concrete path for every route of SPEC.md §2. */
const concrete = (pattern: string) => pattern.replace(':id', 'abc123')

describe('every route of SPEC.md §2 in ru, en and es', () => {
  for (const route of ROUTES) {
    for (const lang of LANGS) {
      const path = localePath(lang, concrete(route.pattern))
      test(`${path} → 200, lang=${lang}, translated title, island ${route.island}`, async () => {
        const res = await get(path, AUTH)
        expect(res.status).toBe(200)
        expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
        const html = await res.text()
        expect(htmlLang(html)).toBe(lang)
        expect(title(html)).toBe(`${translate(lang, route.titleKey)} · ${translate(lang, 'app.name')}`)
        expect(html).toContain(`data-island="${route.island}"`)
        expect(props(html)).toMatchObject({ lang, layout: route.layout, access: route.access })
        // The overlay covers every page but /signin until the island is initialised.
        expect(html.includes('class="loading-overlay"')).toBe(route.pattern !== '/signin')
      })
    }
  }

  test('the titles really differ by language (not English everywhere)', async () => {
    const titles = await Promise.all(
      LANGS.map(async (l) => title(await (await get(localePath(l, '/rating'), AUTH)).text())),
    )
    expect(new Set(titles).size).toBe(3)
    expect(titles[0]).toStartWith('Рейтинг')
  })

  test('route parameters reach the island', async () => {
    const html = await (await get('/en/game/abc123')).text()
    expect(props(html)).toMatchObject({ path: '/game/abc123', params: { id: 'abc123' } })
  })

  test('the page links its hashed bundle, stylesheet and the colour-mode script before the stylesheet', async () => {
    const html = await (await get('/en/signin')).text()
    expect(html).toMatch(
      /<script type="module" src="\/assets\/start-\w+\.js" fetchpriority="low" data-modules="[^"]+"><\/script>/,
    )
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/styles\/index-\w+\.css">/)
    expect(html.indexOf('gaw-color-mode')).toBeGreaterThan(0)
    expect(html.indexOf('gaw-color-mode')).toBeLessThan(html.indexOf('rel="stylesheet"'))
  })

  test('for search engines: a description in the language, absolute alternates for each language', async () => {
    for (const lang of LANGS) {
      const html = await (await get(localePath(lang, '/signin'))).text()
      expect(html).toContain(`<meta name="description" content="${translate(lang, 'app.description')}">`)
      for (const other of LANGS)
        expect(html).toContain(
          `<link rel="alternate" hreflang="${other}" href="http://localhost${localePath(other, '/signin')}">`,
        )
    }
  })

  test('the page itself is gzipped for clients that take it, and says it varies by that', async () => {
    const plain = await (await get('/en/signin')).text()
    const res = await get('/en/signin', undefined, { 'accept-encoding': 'gzip, deflate, br' })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toContain('accept-encoding')
    const body = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await res.arrayBuffer())))
    // Same page but for the per-request nonce of the security headers, if any.
    expect(body.length).toBe(plain.length)
    expect(body.slice(0, 200)).toBe(plain.slice(0, 200))
  })
})

describe('access rules (SPEC.md §2)', () => {
  const privatePaths = ['/', '/daily', '/tutor', '/rating', '/settings', '/profile']
  for (const path of privatePaths) {
    test(`${path} without the auth cookie → /signin in each language`, async () => {
      for (const lang of LANGS) {
        const res = await get(localePath(lang, path))
        expect(res.status).toBe(302)
        const next = path === '/' ? '' : `?next=${encodeURIComponent(path)}`
        expect(res.headers.get('location')).toBe(localePath(lang, '/signin') + next)
      }
    })
  }

  test("a friend's room link survives the trip to /signin: the page and its query ride along as next", async () => {
    for (const lang of LANGS) {
      const res = await get(`${localePath(lang, '/')}?room=AB12CD`, `i18n_redirected=${lang}`)
      expect(res.headers.get('location')).toBe(
        `${localePath(lang, '/signin')}?next=${encodeURIComponent('/?room=AB12CD')}`,
      )
      // The sign-in page hands the checked address to its island.
      const page = await get(res.headers.get('location') ?? '', `i18n_redirected=${lang}`)
      expect(props(await page.text())).toMatchObject({ lang, next: '/?room=AB12CD' })
    }
  })

  test.each([
    ['//evil.example/x'],
    ['https://evil.example/'],
    ['/\\evil.example'],
    ['/signin?next=/'],
    ['/%0A/evil'.repeat(100)],
  ])('next=%s is not a page of ours: the island gets no next', async (next) => {
    const html = await (await get(`/en/signin?next=${encodeURIComponent(next)}`, 'i18n_redirected=en')).text()
    expect(props(html).next).toBeUndefined()
  })

  test('a prefixed next loses its prefix (the sign-in language decides)', async () => {
    const html = await (await get(`/signin?next=${encodeURIComponent('/es/daily?x=1')}`)).text()
    expect(props(html).next).toBe('/daily?x=1')
  })

  for (const path of ['/game/x', '/profile/x', '/signin', '/dev', '/tutorial']) {
    test(`${path} stays open without the cookie`, async () => {
      for (const lang of LANGS) expect((await get(localePath(lang, path))).status).toBe(200)
    })
  }

  test('a malformed auth cookie counts as signed out', async () => {
    expect((await get('/rating', 'auth=%7Bbroken')).status).toBe(302)
    expect((await get('/rating', `auth=${encodeURIComponent('{"token":""}')}`)).status).toBe(302)
  })

  test('Telegram visitors (start param, tma flag, hint cookie or an iframe) are left to the client on mini-app pages', async () => {
    expect((await get('/?tgWebAppStartParam=room-1')).status).toBe(200)
    expect((await get('/en/daily?tma=1')).status).toBe(200)
    expect((await get('/es/rating', 'tma=1')).status).toBe(200)
    expect((await get('/rating', undefined, { 'sec-fetch-dest': 'iframe' })).status).toBe(200)
    expect((await get('/rating', 'tma=0', { 'sec-fetch-dest': 'document' })).status).toBe(302)
  })
})

describe('language (SPEC.md §4, §9)', () => {
  test('a first visit remembers the route language: i18n_redirected, 365 days, path /, SameSite Lax', async () => {
    const cookie = (await get('/es/signin')).headers.get('set-cookie')
    expect(cookie).toBe('i18n_redirected=es; Path=/; Max-Age=31536000; SameSite=Lax')
  })

  test('a remembered language is not overwritten by visiting another', async () => {
    expect((await get('/es/signin', 'i18n_redirected=en')).headers.get('set-cookie')).toBeNull()
  })

  test.each([
    ['en', '/en'],
    ['es', '/es'],
  ] as [Lang, string][])('the unprefixed root follows a remembered %s, query kept', async (lang, target) => {
    const res = await get('/?utm_source=x', `i18n_redirected=${lang}; ${AUTH}`)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${target}?utm_source=x`)
  })

  test.each([
    ['en-US,en;q=0.9', '/?room=AB12CD', '/en?room=AB12CD', 'en'],
    ['es-ES,es;q=0.9,en;q=0.5', '/signin', '/es/signin', 'es'],
    ['de-DE,de;q=0.9,en;q=0.8,ru;q=0.7', '/tutorial', '/en/tutorial', 'en'],
    ['ru;q=0.5,es;q=0.9', '/game/abc', '/es/game/abc', 'es'],
  ])(
    'a first visit from a browser asking for %s: %s → %s, and that language is remembered',
    async (accept, from, to, lang) => {
      const res = await get(from, undefined, { 'accept-language': accept })
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe(to)
      expect(res.headers.get('set-cookie')).toStartWith(`i18n_redirected=${lang};`)
    },
  )

  test('the browser language does not override a remembered one, a prefix, Russian or an unknown language', async () => {
    const en = { 'accept-language': 'en-US,en;q=0.9' }
    expect((await get('/signin', 'i18n_redirected=ru', en)).status).toBe(200)
    expect((await get('/es/signin', undefined, en)).status).toBe(200)
    expect((await get('/signin', undefined, { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' })).status).toBe(
      200,
    )
    expect((await get('/signin', undefined, { 'accept-language': 'de-DE,fr;q=0.5' })).status).toBe(200)
    expect((await get('/signin', undefined, { 'accept-language': 'en;q=0' })).status).toBe(200)
    // Not a page: a file or the 404 stays where it is.
    expect((await get('/favicon.svg', undefined, en)).status).toBe(200)
    expect((await get('/no-such-page', undefined, en)).status).toBe(404)
  })

  test('a remembered ru, or any other page than the root, is not redirected', async () => {
    expect((await get('/', `i18n_redirected=ru; ${AUTH}`)).status).toBe(200)
    expect((await get('/rating', `i18n_redirected=en; ${AUTH}`)).status).toBe(200)
  })
})

describe('404 and 500', () => {
  test.each([
    ['/en/nope', 'en', 'Page Not Found'],
    ['/nope/deeper', 'ru', 'Страница не найдена'],
    ['/es/nada', 'es', 'Página no encontrada'],
    ['/game/', 'ru', 'Страница не найдена'],
    ['/en/game/bad%20id', 'en', 'Page Not Found'],
  ])('%s → 404 "%s" page in %s', async (path, lang, heading) => {
    const res = await get(path)
    expect(res.status).toBe(404)
    const html = await res.text()
    expect(htmlLang(html)).toBe(lang)
    expect(title(html)).toStartWith(heading)
    expect(html).toContain(`<h1>${heading}</h1>`)
  })

  test('an unknown /api/ path stays a JSON 404', async () => {
    const res = await get('/api/nope')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({
      success: false,
      error: { code: 'NOT_FOUND', message: 'Not found: /api/nope' },
    })
    expect((await get('/api/health')).status).toBe(200)
  })

  test('a failure while rendering gives the Internal Server Error page (500) and is logged', async () => {
    const logged: string[] = []
    const broken = new Elysia().use(
      pagesPlugin({
        web: webSide,
        assets: Promise.reject(new Error('bundle broke')),
        log: { error: (msg) => void logged.push(msg) },
      }),
    )
    const res = await broken.handle(new Request('http://localhost/en/signin'))
    expect(res.status).toBe(500)
    const html = await res.text()
    expect(title(html)).toStartWith('Internal Server Error')
    expect(html).toContain('<html lang="en"')
    expect(html).not.toContain('<script type="module"')
    expect(logged).toContain('page failed')
    expect((await broken.handle(new Request('http://localhost/assets/boot.js'))).status).toBe(503)
  })
})

/** The modules a page's entry script runs, in the order it runs them. */
const entryModules = (html: string) => html.match(/data-modules="([^"]+)"/)![1].split(' ')

describe("the client's modules (web/start.ts)", () => {
  /** Static imports of a bundled module, by URL. */
  const importsOf = (code: string) =>
    [...code.matchAll(/(?:from|import)\s*"(\/assets\/[^"]+)"/g)].map((m) => m[1])

  for (const [path, island] of [
    ['/en/signin', 'SignIn'],
    ['/es/game/abc123', 'Game'],
  ] as const)
    test(`${path}: listed on the entry script, each after what it imports, the client last`, async () => {
      const html = await (await get(path, AUTH)).text()
      const modules = entryModules(html)
      expect(modules.at(-1)).toMatch(/^\/assets\/boot-\w+\.js$/)
      expect(modules.filter((url) => url.includes('/islands/'))).toEqual([
        expect.stringMatching(new RegExp(`^/assets/islands/${island}-\\w+\\.js$`)),
      ])
      expect(new Set(modules).size).toBe(modules.length)
      for (const [at, url] of modules.entries()) {
        const res = await get(url)
        expect(res.status).toBe(200)
        // Every module it imports is in the list, earlier: running the list in order runs each alone.
        for (const imported of importsOf(await res.text())) {
          expect(modules.indexOf(imported)).toBeGreaterThanOrEqual(0)
          expect(modules.indexOf(imported)).toBeLessThan(at)
        }
      }
    })
})

describe('assets and public files', () => {
  async function assetUrls() {
    const html = await (await get('/en/signin')).text()
    return {
      // The client itself (boot), the last module the entry runs.
      script: entryModules(html).at(-1)!,
      stylesheet: html.match(/href="(\/assets\/[^"]+\.css)"/)![1],
    }
  }

  test('the bundle and stylesheet are served with long-lived cache headers', async () => {
    const { script, stylesheet } = await assetUrls()
    const js = await get(script)
    expect(js.status).toBe(200)
    expect(js.headers.get('content-type')).toStartWith('text/javascript')
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const code = await js.text()
    // The client that marks the page initialised once its island is live.
    expect(code).toContain('data-initialised')
    // The browser bundle carries no server code.
    expect(code).not.toContain('pglite')
    const css = await get(stylesheet)
    expect(css.headers.get('content-type')).toStartWith('text/css')
    const text = await css.text()
    expect(text).toContain('--player-0')
    expect(text).toContain('[data-theme=dark]')
  })

  test('gzip is served to clients that accept it', async () => {
    const { script } = await assetUrls()
    const plain = new Uint8Array(await (await get(script)).arrayBuffer())
    const res = await get(script, undefined, { 'accept-encoding': 'gzip, br' })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(Bun.gunzipSync(new Uint8Array(await res.arrayBuffer()))).toEqual(plain)
  })

  test('an unknown asset is a 404, not a page', async () => {
    const res = await get('/assets/nope.js')
    expect(res.status).toBe(404)
    expect(String(res.headers.get('content-type'))).not.toContain('text/html')
  })

  test('files of public/ are served; nothing outside it', async () => {
    const icon = await get('/favicon.svg')
    expect(icon.status).toBe(200)
    expect(await icon.text()).toContain('<svg')
    for (const path of ['/..%2Fpackage.json', '/%2e%2e/package.json', '/.gitignore']) {
      expect((await get(path)).status).toBe(404)
    }
  })

  test("every shop item's picture, and the trial's, is served: an SVG image", async () => {
    const urls = [...shopCatalogue().map((item) => item.image), '/images/shop/trial.svg']
    expect(urls.length).toBeGreaterThan(10)
    for (const url of urls) {
      const res = await get(url)
      expect([url, res.status]).toEqual([url, 200])
      expect(res.headers.get('content-type')).toContain('image/svg+xml')
      expect(await res.text()).toMatch(/^<svg [^>]*viewBox="0 0 64 64"/)
    }
  })
})
