/**
 * Every route of SPEC.md §2 in ru, en and es, signed in, hydrated in Chromium: each page
 * initialises, shows no untranslated key (any key of en.json showing as text fails), and logs no
 * error; on a phone (390×844) and a desktop (1280×800) no element is wider than the screen and the
 * navigation's labels are whole. Unknown paths give the 404 page.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import type { BrowserContext } from 'playwright-core'
import en from '../../locales/en.json'
import { bearer, signIn } from '../server/harness.ts'
import { bothThemes, DESKTOP, newContext, PHONE, screenshot, watchErrors } from './browser.ts'
import { e2eFixture } from './fixture.ts'
import { cutNavLabels, overflowing } from './layout.ts'

function leaves(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix]
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    leaves(v, prefix ? `${prefix}.${k}` : k),
  )
}
const KEYS = leaves(en)
const KEY_LIKE = /\b[a-z][a-zA-Z]*(?:\.[a-zA-Z0-9]+)+\b/g

describe('every route in three languages', () => {
  const e2e = e2eFixture()
  let context: BrowserContext
  let gameId = ''
  let uid = ''
  beforeAll(async () => {
    const { server, browser } = e2e
    // The longest nickname there is, one word (24 letters): every page must still fit a phone.
    const auth = await signIn(server, 'Routewalkerwithalongname')
    uid = auth.uid
    const created = await server.api.api['waiting-rooms'].post(
      { type: 'classic', mode: 'computer', lang: 'en', extraParams: { level: 'veryEasy' } },
      bearer(auth.token),
    )
    gameId = created.data?.data.room.gameId as string
    context = await newContext(browser)
    const url = new URL(server.url)
    await context.addCookies([
      { name: 'auth', value: encodeURIComponent(JSON.stringify(auth)), domain: url.hostname, path: '/' },
      // Russian was chosen: the unprefixed pages stay Russian whatever the browser's language.
      { name: 'i18n_redirected', value: 'ru', domain: url.hostname, path: '/' },
      // The tutor was seen: home stays home.
    ])
    await context.addInitScript(() => localStorage.setItem('tutor-checked', '1'))
  }, 60_000)

  const pathsOf = () => [
    '/',
    '/daily',
    '/daily/archive',
    '/tutor',
    '/rating',
    '/settings',
    '/tutorial',
    `/game/${gameId}`,
    '/profile',
    `/profile/${uid}`,
    '/dev',
  ]
  const urlOf = (lang: string, path: string) =>
    lang === 'ru' ? path : path === '/' ? `/${lang}` : `/${lang}${path}`

  test('each page initialises with every text translated; on a phone and a desktop no element is wider than the screen and the navigation fits', async () => {
    const { server } = e2e
    const paths = pathsOf()
    const page = await context.newPage()
    const errors = watchErrors(page)
    // Anything the Content Security Policy blocks (an inline script without its hash, a foreign host).
    await page.addInitScript(() => {
      const seen: string[] = []
      ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI}`),
      )
    })
    const problems: string[] = []
    for (const lang of ['ru', 'en', 'es']) {
      for (const path of paths) {
        const url = urlOf(lang, path)
        // Each page is loaded once, on the phone; the desktop is the same page made wider (the
        // layouts differ by CSS alone: the tab bar on a phone, the header's navigation on a desktop).
        await page.setViewportSize(PHONE)
        const response = await page.goto(`${server.url}${url}`)
        expect(response?.status()).toBe(200)
        expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-")
        await page.waitForSelector('html[data-initialised]', { state: 'attached', timeout: 10_000 })
        // Data-driven parts render after their answers arrive.
        await page.waitForLoadState('networkidle')
        expect(await page.getAttribute('html', 'lang')).toBe(lang)
        // What a person sees (innerText), not the JSON props script that names title keys.
        // biome-ignore lint/performance/useDomNodeTextContent: visible text is the point
        const text = `${await page.title()}\n${await page.innerText('body')}`
        const raw = [...new Set(text.match(KEY_LIKE) ?? [])].filter((token) => KEYS.includes(token))
        if (raw.length) problems.push(`${url}: ${raw.join(', ')}`)
        const blocked = await page.evaluate(
          () => (window as unknown as { cspViolations: string[] }).cspViolations,
        )
        if (blocked.length) problems.push(`${url}: CSP blocked ${blocked.join(', ')}`)
        for (const [size, viewport] of [
          ['390x844', PHONE],
          ['1280x800', DESKTOP],
        ] as const) {
          await page.setViewportSize(viewport)
          const wide = await overflowing(page)
          if (wide.length) problems.push(`${size} ${url}: ${wide.join(', ')}`)
          const cut = await cutNavLabels(page)
          if (cut.length) problems.push(`${size} ${url}: navigation labels cut: ${cut.join(', ')}`)
          const name = `route-${lang}${path.replace(/\/[0-9a-f]{24}/, '/id').replace(/\//g, '_')}-${size}`
          await screenshot(page, name)
          if (lang === 'en') {
            await page.emulateMedia({ colorScheme: 'dark' })
            await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark')
            await screenshot(page, `${name}-dark`)
            await page.emulateMedia({ colorScheme: 'light' })
          }
        }
      }
    }
    expect(problems).toEqual([])
    expect(errors).toEqual([])
    // The phone navigates from the tab bar, the desktop from the header (the bar is gone).
    await page.setViewportSize(DESKTOP)
    await page.goto(`${server.url}/rating`)
    expect(await page.isVisible('.tab-bar')).toBe(false)
    expect(await page.getAttribute('.top-nav a[aria-current="page"]', 'href')).toBe('/rating')
    await page.setViewportSize(PHONE)
    expect(await page.isVisible('.tab-bar')).toBe(true)
    expect(await page.isVisible('.top-nav')).toBe(false)
    await page.close()
  }, 360_000)

  test("the sign-in page in each language (the browser's, on a first visit), and the 404 page", async () => {
    const { server, browser } = e2e
    for (const [locale, path, landing, heading] of [
      ['ru-RU', '/signin', '/signin', 'Ник'],
      ['en-US', '/signin', '/en/signin', 'Nickname'],
      ['es-ES', '/signin', '/es/signin', 'Apodo'],
      ['ru-RU', '/en/signin', '/en/signin', 'Nickname'],
    ]) {
      const visitor = await newContext(browser, { locale })
      const page = await visitor.newPage()
      await page.goto(`${server.url}${path}`)
      expect(page.url()).toBe(`${server.url}${landing}`)
      expect(await page.textContent('main')).toContain(heading)
      await visitor.close()
    }
    const page = await browser.newPage()
    const missing = await page.goto(`${server.url}/en/no-such-page`)
    expect(missing?.status()).toBe(404)
    expect(await page.textContent('h1')).toBe('Page Not Found')
    await page.setViewportSize(PHONE)
    await bothThemes(page, 'route-en-404-390x844')
    await page.close()
  }, 60_000)
})
