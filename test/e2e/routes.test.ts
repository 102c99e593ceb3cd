/**
 * Every route of SPEC.md §2 in ru, en and es, signed in, hydrated in Chromium: each page
 * initialises, shows no untranslated key (any key of en.json showing as text fails), and logs no
 * error. Unknown paths give the 404 page.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import type { BrowserContext } from 'playwright-core'
import en from '../../locales/en.json'
import { bearer, signIn } from '../server/harness.ts'
import { newContext, watchErrors } from './browser.ts'
import { e2eFixture } from './fixture.ts'

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
    const auth = await signIn(server, 'Route walker')
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
      // The tutor was seen: home stays home.
    ])
    await context.addInitScript(() => localStorage.setItem('tutor-checked', '1'))
  }, 60_000)

  test('each page initialises with every text translated', async () => {
    const { server } = e2e
    const paths = [
      '/',
      '/daily',
      '/tutor',
      '/rating',
      '/settings',
      '/tutorial',
      `/game/${gameId}`,
      '/profile',
      `/profile/${uid}`,
      '/dev',
    ]
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
        const url = lang === 'ru' ? path : path === '/' ? `/${lang}` : `/${lang}${path}`
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
      }
    }
    expect(problems).toEqual([])
    expect(errors).toEqual([])
  }, 120_000)

  test('the sign-in page in each language, and the 404 page', async () => {
    const { server, browser } = e2e
    const page = await browser.newPage()
    for (const [path, heading] of [
      ['/signin', 'Ник'],
      ['/en/signin', 'Nickname'],
      ['/es/signin', 'Apodo'],
    ]) {
      await page.goto(`${server.url}${path}`)
      expect(await page.textContent('main')).toContain(heading)
    }
    const missing = await page.goto(`${server.url}/en/no-such-page`)
    expect(missing?.status()).toBe(404)
    expect(await page.textContent('h1')).toBe('Page Not Found')
    await page.close()
  })
})
