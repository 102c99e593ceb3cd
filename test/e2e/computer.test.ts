/**
 * A new user signs in by nickname, starts a game against the computer and plays it to the end,
 * all through the UI in Chromium against the real server and the real dictionaries.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import en from '../../locales/en.json'
import { startServer, type TestServer } from '../server/harness.ts'
import { chromiumAvailable, launchBrowser, newContext, PHONE, watchErrors } from './browser.ts'
import { openHome, playTurn, signInByNickname, waitForGamePage, waitForTurnOrEnd } from './play.ts'

describe.if(chromiumAvailable)('playing the computer in the browser', () => {
  let server: TestServer
  let browser: Browser
  beforeAll(async () => {
    ;[server, browser] = await Promise.all([
      startServer({ db: 'pglite', env: { COMPUTER_DELAY_MS: '30-80' } }),
      launchBrowser(),
    ])
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  test('sign in by nickname, first visit goes to the tutor, then a whole game against the computer', async () => {
    const context = await newContext(browser, { viewport: PHONE })
    const page = await context.newPage()
    const errors = watchErrors(page)
    // SPEC.md §2: a new user is sent to /tutor once; home stays home afterwards.
    await signInByNickname(page, server.url, 'Ada e2e')
    // The tutor offers the tutorial game against the robot mentor, whose lessons show as they come.
    await page.click('[data-testid="tutorial-game"]')
    await waitForGamePage(page)
    const lesson = await page.textContent('[data-testid="mentor-lesson"] .mentor__bubble', {
      timeout: 10_000,
    })
    expect(Object.values(en.tutorial.mentor)).toContain(lesson ?? '')
    await openHome(page, server.url)
    expect(new URL(page.url()).pathname).toBe('/en')
    expect(await page.textContent('[data-testid="nickname"]')).toBe('Ada e2e')

    await page.selectOption('[data-testid="level"]', 'veryEasy')
    await page.click('[data-testid="play-computer"]')
    const gameId = await waitForGamePage(page)
    const view = await server.games.view(gameId)
    expect(view?.mode).toBe('pve')
    const side = 0

    let turns = 0
    let how: 'drag' | 'tap' = 'drag'
    for (;;) {
      const next = await waitForTurnOrEnd(page, side)
      if (next === 'over') break
      await playTurn(page, server, gameId, side, how)
      how = 'tap'
      turns++
      if (turns > 60) throw new Error('the game did not end in 60 turns')
    }
    const final = page.locator('[data-testid="final"]')
    await final.waitFor()
    expect(await final.getAttribute('data-result')).toBe('win')
    const over = await server.games.view(gameId)
    expect(over?.state).toBe('over')
    expect(over?.winner).toBe(side)
    // The rating change arrives with the results.
    await page.waitForSelector('[data-testid="rating-delta"]')
    expect(await page.textContent('[data-testid="rating-delta"]')).toMatch(/\+\d+/)
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)
})
