/**
 * Colour contrast (WCAG 2, as Lighthouse checks it) of the pages a player sees first — /signin,
 * home, the own profile, a game — in light and dark on a phone: no visible text below 4.5:1
 * (3:1 when large). Each failure names the element, its text, the colours and the ratio.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { newContext, PHONE } from './browser.ts'
import { lowContrast } from './contrast.ts'
import { e2eFixture, playerWithGame, signInContext } from './fixture.ts'

setDefaultTimeout(180_000)

describe('colour contrast', () => {
  const e2e = e2eFixture()

  test('/signin, home, the profile and a game: every text at least 4.5:1 (3:1 large), light and dark', async () => {
    const { server, browser } = e2e
    const { player, gameId } = await playerWithGame(server, 'Contrast Reader')
    const context = await newContext(browser, { viewport: PHONE })
    const page = await context.newPage()
    const failures: string[] = []
    const check = async (path: string, ready: string) => {
      await page.goto(`${server.url}${path}`)
      await page.waitForSelector(ready)
      // The overlay fades (/signin has none), the session's data arrives.
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(600)
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        await page.waitForFunction((mode) => document.documentElement.dataset.theme === mode, scheme)
        await page.waitForTimeout(250)
        for (const f of await lowContrast(page))
          failures.push(
            `${path} ${scheme}: ${f.where} "${f.text}" ${f.color} on ${f.background} = ${f.ratio} < ${f.needs}`,
          )
      }
    }
    await check('/en/signin', '[data-testid="signin"], form')
    await signInContext(context, server, player)
    await check('/en/', '[data-testid="income"]')
    await check('/en/profile', '[data-testid="badges"]')
    await check(`/en/game/${gameId}`, '[data-testid="board"]')
    expect(failures).toEqual([])
    await context.close()
  })
})
