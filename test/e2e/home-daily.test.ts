/**
 * Home, the daily and the client's robustness in Chromium against the real server (its clock
 * starts at yesterday's noon, UTC): a visitor's game and profile pages load once, no reload loop,
 * also with a stale cookie; the home teaser counts down to the server's midnight; a daily attempt
 * played yesterday shows in the archive today; "Failed to fetch games" and its retry; the
 * developers' games, a Blitz with the custom options, the Mini App outside Telegram. Screenshots
 * of each screen, light and dark, phone and desktop.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { dayEnd, utcDay } from '../../engine/index.ts'
import en from '../../locales/en.json'
import { bearer, middayUtc, signIn, startServer, type TestServer, testClock } from '../server/harness.ts'
import { bothThemes, DESKTOP, launchBrowser, newContext, PHONE, screenshot, watchErrors } from './browser.ts'
import { expectNothingWider, onScreen } from './layout.ts'
import { surrender, waitForGamePage } from './play.ts'

setDefaultTimeout(120_000)

const DAY_MS = 86_400_000
const SIZES = [
  { name: '390x844', viewport: PHONE },
  { name: '1280x800', viewport: DESKTOP },
] as const

/** Scrolls the element to the middle of the screen (clear of the phone's bottom navigation). */
async function centre(page: Page, selector: string) {
  await page.evaluate((sel) => document.querySelector(sel)?.scrollIntoView({ block: 'center' }), selector)
}

/** Waits until the overlay has gone (it fades). */
async function initialised(page: Page) {
  await page.waitForSelector('html[data-initialised]', { state: 'attached', timeout: 15_000 })
  await page.waitForTimeout(350)
}

/** Counts the main frame's navigations (the first load included) and the /api/init calls. */
function countLoads(page: Page) {
  const counts = { navigations: 0, inits: 0 }
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) counts.navigations++
  })
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/init') counts.inits++
  })
  return counts
}

describe('home, the daily and a robust client', () => {
  let server: TestServer
  let browser: Browser
  // Yesterday's noon: an attempt played now is yesterday's once the clock moves a day on.
  const clock = testClock(middayUtc() - DAY_MS)
  let player: { token: string; uid: string }
  let gameId = ''

  beforeAll(async () => {
    ;[server, browser] = await Promise.all([
      startServer({
        db: 'pglite',
        clock,
        env: {
          DEV: '1',
          DEV_TG_IDS: '4242',
          TELEGRAM_GROUP_URL: 'https://t.me/word_territory',
          COMPUTER_DELAY_MS: '200-400',
        },
      }),
      launchBrowser(),
    ])
    player = await signIn(server, 'Daily Walker')
    const created = await server.api.api['waiting-rooms'].post(
      { type: 'classic', mode: 'computer', lang: 'en', extraParams: { level: 'veryEasy' } },
      bearer(player.token),
    )
    gameId = created.data?.data.room.gameId as string
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  async function signedIn(
    viewport: { width: number; height: number },
    auth = player,
  ): Promise<BrowserContext> {
    const context = await newContext(browser, { viewport })
    const url = new URL(server.url)
    await context.addCookies([
      { name: 'auth', value: encodeURIComponent(JSON.stringify(auth)), domain: url.hostname, path: '/' },
      { name: 'i18n_redirected', value: 'en', domain: url.hostname, path: '/' },
    ])
    await context.addInitScript(() => localStorage.setItem('tutor-checked', '1'))
    return context
  }

  test('a visitor’s game and profile pages load once: no reload, one look at the page', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    const errors = watchErrors(page)
    for (const [path, selector] of [
      [`/en/game/${gameId}`, '[data-testid="board"]'],
      [`/en/profile/${player.uid}`, '[data-testid="profile"]'],
    ] as const) {
      const counts = countLoads(page)
      await page.goto(`${server.url}${path}`)
      await page.waitForSelector(selector)
      await initialised(page)
      // A loop would have reloaded by now (the old 401 handling did so at once, on the answer):
      // every request of the page has been answered and handled, and the network is quiet.
      await page.waitForLoadState('networkidle')
      expect(counts).toEqual({ navigations: 1, inits: 0 })
      expect(new URL(page.url()).pathname).toBe(path)
      await screenshot(page, `home-daily-visitor${path.includes('game') ? '-game' : '-profile'}`)
      page.removeAllListeners('framenavigated')
      page.removeAllListeners('request')
    }
    expect(errors.filter((e) => !e.includes('401'))).toEqual([])
    await context.close()
  })

  test('a visitor with a stale cookie is signed out and reloaded once, then stays', async () => {
    const context = await newContext(browser)
    const url = new URL(server.url)
    await context.addCookies([
      {
        name: 'auth',
        value: encodeURIComponent(JSON.stringify({ token: 'stale.token.value', uid: player.uid })),
        domain: url.hostname,
        path: '/',
      },
    ])
    const page = await context.newPage()
    const counts = countLoads(page)
    await page.goto(`${server.url}/en/profile/${player.uid}`)
    await page.waitForSelector('[data-testid="profile"]')
    // The reload, then a quiet network: a second reload (a loop) would have started by then.
    while (counts.navigations < 2) await page.waitForEvent('framenavigated')
    await page.waitForSelector('[data-testid="profile"]')
    await page.waitForLoadState('networkidle')
    expect(counts.navigations).toBe(2)
    expect(counts.inits).toBe(1)
    expect((await context.cookies()).some((c) => c.name === 'auth')).toBe(false)
    await context.close()
  })

  test('the home teaser counts down to the server’s midnight', async () => {
    for (const size of SIZES) {
      const context = await signedIn(size.viewport)
      const page = await context.newPage()
      const errors = watchErrors(page)
      await page.goto(`${server.url}/en`)
      await page.waitForSelector('[data-testid="daily-teaser"][data-ready]')
      await initialised(page)
      const read = async () => {
        const text = (await page.textContent('[data-testid="daily-countdown"]')) ?? ''
        const [h, m, s] = text.split(':').map(Number)
        return h * 3600 + m * 60 + s
      }
      // The server's clock is half a day from its midnight, whatever the browser's says.
      const expected = (dayEnd(utcDay(clock.now())) - clock.now()) / 1000
      const shown = await read()
      expect(Math.abs(shown - expected)).toBeLessThan(5)
      // It ticks: the next second shows a lower count.
      await page.waitForFunction(
        (before) => {
          const [h, m, s] = (document.querySelector('[data-testid="daily-countdown"]')?.textContent ?? '')
            .split(':')
            .map(Number)
          return h * 3600 + m * 60 + s < before
        },
        shown,
        { timeout: 5000 },
      )
      expect(await read()).toBeLessThan(shown)
      expect(await page.getAttribute('[data-testid="group-link"]', 'href')).toBe(
        'https://t.me/word_territory',
      )
      await expectNothingWider(page)
      await centre(page, '[data-testid="daily-teaser"]')
      await bothThemes(page, `home-daily-home-teaser-${size.name}`)
      expect(errors).toEqual([])
      await context.close()
    }
  })

  test('an attempt at yesterday’s daily shows in the archive: the day’s ranking and your attempts', async () => {
    const context = await signedIn(PHONE)
    const page = await context.newPage()
    const errors = watchErrors(page)
    await page.goto(`${server.url}/en/daily`)
    await page.waitForSelector('[data-testid="daily"][data-ready]')
    await page.click('[data-testid="daily-daily-0"] button')
    await waitForGamePage(page)
    await page.waitForSelector('[data-testid="game"][data-state="active"]', { timeout: 20_000 })
    await surrender(page)
    // Back on the daily: the table has the attempt (live or read again).
    await page.goto(`${server.url}/en/daily`)
    await page.waitForSelector('[data-testid="daily-daily-0"] [data-testid="daily-row"]')
    await initialised(page)
    for (const size of SIZES) {
      await page.setViewportSize(size.viewport)
      await bothThemes(page, `home-daily-daily-${size.name}`)
    }
    const played = utcDay(clock.now())

    // A day later the results are final, and the day is in the archive.
    clock.advance(DAY_MS)
    await page.setViewportSize(PHONE)
    await page.goto(`${server.url}/en/daily`)
    await page.click('[data-testid="archive-link"]')
    await page.waitForSelector(`[data-testid="daily-archive"][data-day="${played}"]`)
    await initialised(page)
    expect(await page.inputValue('[data-testid="archive-day"]')).toBe(played)
    const normal = page.locator('[data-testid="archive-daily-0"]')
    expect(await normal.locator('.rating__name').allTextContents()).toEqual(['Daily Walker'])
    expect(await normal.locator('[data-testid="best-attempt"]').textContent()).toContain('attempts: 1')
    expect(await page.locator('[data-testid="archive-daily-1"]').textContent()).toContain(
      en.daily.archive.nobody,
    )
    expect(await onScreen(page, '[data-testid="archive-previous"]')).toBe(true)
    expect(new URL(page.url()).searchParams.get('day')).toBe(played)
    for (const size of SIZES) {
      await page.setViewportSize(size.viewport)
      await expectNothingWider(page)
      await bothThemes(page, `home-daily-archive-${size.name}`)
    }
    // The day before: nothing was played then.
    await page.click('[data-testid="archive-previous"]')
    await page.waitForSelector(`[data-testid="daily-archive"][data-day]:not([data-day="${played}"])`)
    expect(await page.textContent('[data-testid="daily-archive"]')).toContain(en.daily.archive.none)
    expect(errors).toEqual([])
    await context.close()
  }, 90_000)

  test('"Failed to fetch games": said on home, and Try again brings the list', async () => {
    for (const size of SIZES) {
      const context = await signedIn(size.viewport)
      const page = await context.newPage()
      let failing = true
      await page.route('**/api/init', (route) =>
        failing
          ? route.fulfill({
              status: 503,
              contentType: 'application/json',
              body: JSON.stringify({ success: false, error: { code: 'UNAVAILABLE', message: 'down' } }),
            })
          : route.continue(),
      )
      await page.goto(`${server.url}/en`)
      await page.waitForSelector('[data-testid="games-failed"]')
      await initialised(page)
      expect(await page.textContent('[data-testid="games-failed"]')).toContain(en.home.games.failed)
      await centre(page, '[data-testid="games-failed"]')
      await bothThemes(page, `home-daily-games-failed-${size.name}`)
      failing = false
      await page.click('[data-testid="games-failed"] button')
      await page.waitForSelector('[data-testid="home"][data-ready]')
      expect(await page.locator('[data-testid="games-failed"]').count()).toBe(0)
      await context.close()
    }
  })

  test('every game slot taken: a new game opens the slots alert, and its button the shop', async () => {
    const full = await signIn(server, 'Slot Filler')
    for (let i = 0; i < 3; i++) {
      const created = await server.api.api['waiting-rooms'].post(
        { type: 'classic', mode: 'computer', lang: 'en', extraParams: { level: 'veryEasy' } },
        bearer(full.token),
      )
      expect(created.data?.success).toBe(true)
    }
    for (const size of SIZES) {
      const context = await signedIn(size.viewport, full)
      const page = await context.newPage()
      const errors = watchErrors(page)
      await page.goto(`${server.url}/en`)
      await page.waitForSelector('[data-testid="home"][data-ready]')
      await initialised(page)
      await page.click('[data-testid="play-computer"]')
      await page.waitForSelector('[data-testid="restriction"][data-kind="gameSlots"]')
      expect(await page.textContent('[data-testid="restriction"]')).toBe(en.restriction.gameSlotsText)
      expect(new URL(page.url()).pathname).toBe('/en')
      await bothThemes(page, `home-daily-slots-alert-${size.name}`)
      await page.click(`[role="dialog"] button:has-text("${en.restriction.toShop}")`)
      await page.waitForSelector('.shop')
      await bothThemes(page, `home-daily-shop-pro-${size.name}`)
      expect(errors).toEqual([])
      await context.close()
    }
  })

  test('developers’ four games, and a Blitz with a classic clock saved in the custom options', async () => {
    const dev = await server.api.api.auth['dev-signin'].post({ nickname: 'Devon', tgId: 4242 })
    const devAuth = dev.data?.data.auth as { token: string; uid: string }
    for (const size of SIZES) {
      const context = await signedIn(size.viewport, devAuth)
      const url = new URL(server.url)
      await context.addCookies([
        {
          name: 'settings',
          value: encodeURIComponent(
            JSON.stringify({
              customGameOptions: {
                boostersOn: true,
                hintsOn: false,
                dictType: 'default',
                boardSize: 5,
                boardType: 'default',
                timeMode: 'classic',
              },
            }),
          ),
          domain: url.hostname,
          path: '/',
        },
      ])
      const page = await context.newPage()
      const errors = watchErrors(page)
      await page.goto(`${server.url}/en`)
      await page.waitForSelector('[data-testid="dev-buttons"]')
      await initialised(page)
      expect(await page.locator('[data-testid="dev-buttons"] button').allTextContents()).toEqual([
        'Online Classic',
        'AI Classic',
        'Online Blitz',
        'AI Blitz',
      ])
      await centre(page, '[data-testid="dev-buttons"]')
      await bothThemes(page, `home-daily-dev-buttons-${size.name}`)
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.click('label:has(input[name="game-type"][value="blitz"])')
      await page.click('[data-testid="custom-toggle"]')
      await centre(page, '[data-testid="game-options"]')
      await bothThemes(page, `home-daily-blitz-options-${size.name}`)
      if (size.name === '390x844') {
        await page.click('[data-testid="play-computer"]')
        const id = await waitForGamePage(page)
        const game = await server.games.view(id)
        expect(game).toMatchObject({ type: 'blitz', options: { timeMode: 'blitz' } })
        expect(errors).toEqual([])
      }
      await context.close()
    }
  })

  test('the Mini App’s address opened in a browser says it was opened outside Telegram', async () => {
    for (const size of SIZES) {
      const context = await newContext(browser, { viewport: size.viewport })
      const page = await context.newPage()
      const counts = countLoads(page)
      await page.goto(`${server.url}/en/?tma=1`)
      await page.waitForSelector('[data-testid="outside-telegram"]')
      await initialised(page)
      expect(counts.navigations).toBe(1)
      expect(await page.textContent('[data-testid="outside-telegram"] h1')).toBe(en.telegram.outside.title)
      await bothThemes(page, `home-daily-outside-telegram-${size.name}`)
      await page.click('[data-testid="outside-telegram"] a')
      await page.waitForURL(/\/en\/signin/)
      await context.close()
    }
  })
})
