/** One real server (PGlite) and one Chromium per test file, started together and stopped after it. */
import { afterAll, beforeAll, expect } from 'bun:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { bearer, signIn, startServer, type TestServer } from '../server/harness.ts'
import { launchBrowser } from './browser.ts'

export interface E2E {
  server: TestServer
  browser: Browser
}

/** Call inside a describe: the fields are set once its beforeAll ran. */
export function e2eFixture(env: Record<string, string> = {}): E2E {
  const fixture = {} as E2E
  beforeAll(async () => {
    ;[fixture.server, fixture.browser] = await Promise.all([
      startServer({ db: 'pglite', env }),
      launchBrowser(),
    ])
  }, 60_000)
  afterAll(async () => {
    await fixture.browser?.close()
    await fixture.server?.stop()
  })
  return fixture
}

/** A signed-in player with a game against the computer (very easy, English) already started. */
export async function playerWithGame(server: TestServer, nickname: string) {
  const player = await signIn(server, nickname)
  const created = await server.api.api['waiting-rooms'].post(
    { type: 'classic', mode: 'computer', lang: 'en', extraParams: { level: 'veryEasy' } },
    bearer(player.token),
  )
  return { player, gameId: created.data?.data.room.gameId as string }
}

/** Signs the browser context in as `auth` (cookie), in English, past the first-visit tutor. */
export async function signInContext(
  context: BrowserContext,
  server: TestServer,
  auth: { token: string; uid: string },
) {
  const url = new URL(server.url)
  await context.addCookies([
    { name: 'auth', value: encodeURIComponent(JSON.stringify(auth)), domain: url.hostname, path: '/' },
    { name: 'i18n_redirected', value: 'en', domain: url.hostname, path: '/' },
  ])
  await context.addInitScript(() => localStorage.setItem('tutor-checked', '1'))
}

/**
 * Dev sign-in on /dev as a developer's Telegram id (one of the server's DEV_TG_IDS): signed out,
 * /dev shows the sign-in form and not the `tools` panel; signed in, the page goes Home, and is
 * left back on /dev.
 */
export async function devSignIn(dev: Page, server: TestServer, tgId: number, tools: string) {
  await dev.goto(`${server.url}/en/dev`)
  await dev.waitForSelector('[data-testid="dev"][data-developer="false"]')
  expect(await dev.locator(`[data-testid="${tools}"]`).count()).toBe(0)
  await dev.fill('input[name="tgId"]', String(tgId))
  await dev.click('button:has-text("Developer sign-in")')
  await dev.waitForURL(`${server.url}/en`)
  await dev.goto(`${server.url}/en/dev`)
}
