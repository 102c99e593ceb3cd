/**
 * A developer signs in on /dev as their Telegram id, writes a news item in the editor; a player sees
 * it on Home and hides it for good. Both browsers' page views reach the analytics tables, and the
 * Telegram analytics chunk is never downloaded outside Telegram. Screenshots of /dev and Home, phone
 * and desktop, light and dark, are kept with the run.
 */
import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { BrowserContext, Page } from 'playwright-core'
import { analyticsPageViews, analyticsSessions } from '../../src/db/schema/index.ts'
import { signIn } from '../server/harness.ts'
import { DESKTOP, newContext, PHONE, screenshot, watchErrors } from './browser.ts'
import { devSignIn, e2eFixture } from './fixture.ts'

const DEV_TG_ID = 880_001

async function signedInContext(context: BrowserContext, url: string, auth: { token: string; uid: string }) {
  await context.addCookies([
    {
      name: 'auth',
      value: encodeURIComponent(JSON.stringify(auth)),
      domain: new URL(url).hostname,
      path: '/',
    },
  ])
  await context.addInitScript(() => localStorage.setItem('tutor-checked', '1'))
}

/** Every script the page downloads from /assets/. */
function scriptsOf(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (req) => {
    if (req.url().includes('/assets/') && req.url().endsWith('.js')) urls.push(new URL(req.url()).pathname)
  })
  return urls
}

describe('news on Home, written on /dev', () => {
  const e2e = e2eFixture({ DEV: '1', DEV_TG_IDS: String(DEV_TG_ID) })

  test('a developer creates a news item; a player sees it on Home and dismisses it for good', async () => {
    const { server, browser } = e2e
    const devContext = await newContext(browser, { viewport: PHONE })
    await devContext.addInitScript(() => localStorage.setItem('tutor-checked', '1'))
    const dev = await devContext.newPage()
    const devErrors = watchErrors(dev)
    const devScripts = scriptsOf(dev)

    // Signed out, /dev shows no tools; dev sign-in as the developer's Telegram id.
    await devSignIn(dev, server, DEV_TG_ID, 'dev-news')
    await dev.waitForSelector('[data-testid="dev-news"]')
    await dev.click('[data-testid="dev-news"] >> text=New item')
    await dev.selectOption('[data-testid="news-form"] select[name="lang"]', 'en')
    await dev.fill('[data-testid="news-form"] input[name="title"]', 'Weekend tournament')
    await dev.fill(
      '[data-testid="news-form"] textarea[name="body"]',
      'Double coins for every win until Sunday.',
    )
    await dev.fill('[data-testid="news-form"] input[name="link"]', '/en/daily')
    await dev.click('[data-testid="news-form"] >> text=Save')
    await dev.waitForSelector('[data-testid="dev-news-item"] >> text=Weekend tournament')
    // A Russian banner, which the English Home must not show.
    await dev.click('[data-testid="dev-news"] >> text=New item')
    await dev.selectOption('[data-testid="news-form"] select[name="lang"]', 'ru')
    await dev.selectOption('[data-testid="news-form"] select[name="kind"]', 'banner')
    await dev.fill('[data-testid="news-form"] input[name="title"]', 'Турнир выходного дня')
    await dev.click('[data-testid="news-form"] >> text=Save')
    await dev.waitForSelector('[data-testid="dev-news-item"] >> text=Турнир выходного дня')

    // The player.
    const player = await signIn(server, 'News reader')
    const playerContext = await newContext(browser, { viewport: PHONE })
    await signedInContext(playerContext, server.url, player)
    const home = await playerContext.newPage()
    const homeErrors = watchErrors(home)
    const homeScripts = scriptsOf(home)
    await home.goto(`${server.url}/en?utm_source=e2e&utm_campaign=news`)
    const item = home.locator('[data-testid="news-item"]')
    await item.first().waitFor()
    expect(await item.count()).toBe(1)
    expect(await item.textContent()).toContain('Weekend tournament')
    expect(await item.locator('a').getAttribute('href')).toBe('/en/daily')
    await screenshot(home, 'news-home-phone-light')

    await home.click('[data-testid="news-item"] button[aria-label="Hide “Weekend tournament”"]')
    expect(await item.count()).toBe(0)
    await home.reload()
    await home.waitForSelector('[data-testid="home"][data-ready="true"]')
    await home.waitForTimeout(300)
    expect(await item.count()).toBe(0)

    // The pages were counted: the player's Home view with its utm, and the developer's /dev.
    const views = async () =>
      server.core.db
        .select({
          route: analyticsPageViews.route,
          utm: analyticsPageViews.utmSource,
          user: analyticsSessions.userId,
        })
        .from(analyticsPageViews)
        .innerJoin(analyticsSessions, eq(analyticsSessions.id, analyticsPageViews.sessionId))
    for (let i = 0; i < 100 && !(await views()).some((v) => v.user === player.uid && v.utm === 'e2e'); i++)
      await Bun.sleep(100)
    const seen = await views()
    expect(seen.some((v) => v.user === player.uid && v.route === '/' && v.utm === 'e2e')).toBe(true)
    expect(seen.some((v) => v.route === '/dev')).toBe(true)

    // Outside Telegram neither the analytics SDK's chunk nor the Mini App SDK is downloaded.
    for (const scripts of [devScripts, homeScripts]) {
      expect(scripts.some((s) => s.startsWith('/assets/boot-'))).toBe(true)
      for (const script of scripts) {
        const code = await (await fetch(server.url + script)).text()
        expect(code).not.toContain('tganalytics.xyz')
        expect(code).not.toContain('web_app_request_theme')
      }
    }
    expect(devErrors).toEqual([])
    expect(homeErrors).toEqual([])
    await devContext.close()
    await playerContext.close()
  }, 60_000)

  test('screenshots: /dev with its tools and Home with news, phone and desktop, light and dark', async () => {
    const { server, browser } = e2e
    const devAuth = await server.api.api.auth['dev-signin'].post({ nickname: 'Dev Shots', tgId: DEV_TG_ID })
    const auth = devAuth.data?.data.auth as { token: string; uid: string }
    const banner = await server.api.api.news.post(
      {
        lang: 'en',
        kind: 'banner',
        title: 'Season two starts on Monday',
        body: 'New boards and new badges.',
        link: '/en/daily',
        active: true,
      },
      { headers: { authorization: `Bearer ${auth.token}` } },
    )
    expect(banner.status).toBe(200)
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const context = await newContext(browser, { viewport })
        await signedInContext(context, server.url, auth)
        const page = await context.newPage()
        await page.emulateMedia({ colorScheme: scheme })
        const errors = watchErrors(page)
        await page.goto(`${server.url}/en/dev`)
        await page.waitForSelector('[data-testid="dev-analytics"] [data-testid="total-views"]')
        await screenshot(page, `dev-${size}-${scheme}`, { fullPage: true })
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0)
        await page.goto(`${server.url}/en`)
        await page.waitForSelector('[data-testid="home"][data-ready="true"] [data-testid="news-item"]')
        expect(await page.locator('[data-testid="news-item"]').first().textContent()).toContain('Season two')
        await page.waitForSelector('html[data-initialised]')
        await screenshot(page, `news-home-${size}-${scheme}`)
        // Nothing is wider than the screen.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow).toBeLessThanOrEqual(0)
        expect(errors).toEqual([])
        await context.close()
      }
    }
  }, 90_000)
})
