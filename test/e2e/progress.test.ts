/**
 * Economy and progress in Chromium on a phone against the real server: a player collects the
 * income that grew while away (the coins reach the balance), changes a reaction slot on the
 * profile and sends that reaction in a game (the opponent hears it), earns a badge with a word and
 * sees it announced. Screenshots of home's income, the profile (with a badge opened) and the
 * announcement, light and dark, phone and desktop, are kept with the run.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { users } from '../../src/db/schema/index.ts'
import { coinsOf } from '../economy/ledger.ts'
import { signIn } from '../server/harness.ts'
import { storeKnownPvp } from '../server/known-board.ts'
import { TestSocket } from '../server/ws-client.ts'
import { DESKTOP, newContext, PHONE, screenshotThemes, watchErrors } from './browser.ts'
import { e2eFixture, signInContext } from './fixture.ts'
import { expectNothingWider } from './layout.ts'
import { tapPath } from './play.ts'

setDefaultTimeout(180_000)
const HOUR = 3_600_000

/** Waits until the overlay has gone (it fades). */
async function initialised(page: Page) {
  await page.waitForSelector('html[data-initialised]', { state: 'attached', timeout: 15_000 })
  await page.waitForTimeout(350)
}

describe('income, reactions and badges', () => {
  const e2e = e2eFixture({ COMPUTER_DELAY_MS: '200-400' })

  test('a player collects income, edits a reaction slot, uses it in a game and sees a badge announced', async () => {
    const { server, browser } = e2e
    const player = await signIn(server, 'Collector')
    const rival = await signIn(server, 'Rival')
    server.clock.advance(3 * HOUR) // the free income: 1 an hour, up to 2

    const context = await newContext(browser, { viewport: PHONE })
    await signInContext(context, server, player)
    const page = await context.newPage()
    const errors = watchErrors(page)

    // Home: the counter is full; collecting moves 2 coins into the balance.
    await page.goto(`${server.url}/en/`)
    await page.waitForSelector('[data-testid="income"]')
    await initialised(page)
    expect(await page.textContent('[data-testid="income-amount"]')).toContain('2.00 / 2')
    expect(await page.textContent('[data-testid="coins"]')).toContain('10')
    await page.evaluate(() =>
      document.querySelector('[data-testid="income"]')?.scrollIntoView({ block: 'center' }),
    )
    await screenshotThemes(page, 'progress-home-income', PHONE)
    await page.click('[data-testid="income-collect"]')
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="coins"]')?.textContent?.includes('12'),
    )
    expect(await coinsOf(server.core.db, player.uid)).toBe(12)
    expect(await page.textContent('[data-testid="income-amount"]')).toContain('0.00 / 2')
    await expectNothingWider(page)

    // Profile: the third reaction (😮) gives way to 🎯, for 5 coins.
    await page.goto(`${server.url}/en/profile`)
    await page.waitForSelector('[data-testid="reaction-slots"]')
    await initialised(page)
    expect(await page.textContent('[data-testid="tier"]')).toBe('Account: basic')
    await page.click('[data-testid="reaction-clear-2"]')
    await page.waitForSelector('[data-testid="reaction-add-2"]')
    await page.click('[data-testid="reaction-add-2"]')
    await page.click('[data-testid="reaction-picker"] button.reaction-choice:text-is("🎯")')
    await page.waitForFunction(
      () => document.querySelector('[data-testid="reaction-slot-2"]')?.textContent === '🎯',
    )
    const profile = (
      await server.api.api.init.post(undefined, { headers: { authorization: `Bearer ${player.token}` } })
    ).data?.data.profile
    expect(profile?.intercomSlots).toEqual(['👍', '🔥', '🎯'])
    expect(await coinsOf(server.core.db, player.uid)).toBe(7)
    await expectNothingWider(page)

    // A game: 'cat' across a cell worth 9 earns Richest cell (level 2, 9 points), announced.
    const gameId = await storeKnownPvp(server, [player.uid, rival.uid], {
      shape: (g) => {
        g.board.cells[6].score = 9
      },
    })
    const opponent = await TestSocket.connect(server.wsUrl, rival.token)
    await page.goto(`${server.url}/en/game/${gameId}`)
    await page.waitForSelector('[data-testid="board"]')
    await initialised(page)
    await tapPath(page, [5, 6, 7])
    await page.click('[data-testid="submit"]')
    const toast = page.locator('[data-testid="badge-toast"][data-badge="richestCell"]')
    await toast.waitFor()
    expect(await toast.textContent()).toContain('Richest cell: level 2')
    expect(await toast.locator('svg[data-badge="richestCell"]').count()).toBe(1)
    await screenshotThemes(page, 'progress-badge-toast', PHONE)

    // The reaction chosen on the profile is offered and reaches the opponent.
    await page.click('[data-testid="reactions-toggle"]')
    const offered = await page.locator('[data-testid="reactions-sheet"] .reaction-choice').allTextContents()
    expect(offered).toEqual(['👍', '🔥', '🎯'])
    await page.click('[data-testid="reactions-sheet"] .reaction-choice:text-is("🎯")')
    await opponent.waitFor(
      (m) =>
        m.type === 'game' &&
        m.event === 'events' &&
        (m.payload as { events: { type: string; message?: string }[] }).events.some(
          (e) => e.type === 'intercom' && e.message === '🎯',
        ),
      10_000,
    )
    // The rival gives up: the game's awards reach the profiles.
    expect(await opponent.request('game/giveup', { gameId })).toMatchObject({ success: true })
    await page.locator('[data-testid="final"]').waitFor()
    await screenshotThemes(page, 'progress-game-won', PHONE)
    await opponent.close()

    // The profile now shows the badge earned; its picture and text in a dialog.
    await page.goto(`${server.url}/en/profile`)
    await page.waitForSelector('[data-testid="badge-richestCell"]')
    await initialised(page)
    expect(await page.textContent('[data-testid="badge-richestCell"]')).toContain('level 2')
    await screenshotThemes(page, 'progress-profile-top', PHONE)
    await page.evaluate(() => document.querySelector('[data-testid="badges"]')?.scrollIntoView())
    await screenshotThemes(page, 'progress-profile-badges', PHONE)
    await page.click('[data-testid="badge-richestCell"]')
    expect(await page.textContent('[data-testid="badge-detail"]')).toContain('Capture a cell worth a lot')
    await screenshotThemes(page, 'progress-badge-dialog', PHONE)
    await page.keyboard.press('Escape')
    await page.evaluate(() => document.querySelector('[data-testid="reaction-slots"]')?.scrollIntoView())
    await screenshotThemes(page, 'progress-profile-reactions', PHONE)
    expect(errors).toEqual([])
    await context.close()

    // Desktop: the profile in two columns.
    const wide = await newContext(browser, { viewport: DESKTOP })
    await signInContext(wide, server, player)
    const desk = await wide.newPage()
    await desk.goto(`${server.url}/en/profile`)
    await desk.waitForSelector('[data-testid="badges"]')
    await initialised(desk)
    await expectNothingWider(desk)
    await screenshotThemes(desk, 'progress-profile', DESKTOP)
    // With PRO the profile shows the achievements and the extended statistics.
    await server.core.db
      .update(users)
      .set({
        subscription: {
          id: 'pro',
          active: true,
          cancelled: false,
          trialAvailable: false,
          expiresAt: server.clock.now() + 30 * 24 * HOUR,
        },
      })
      .where(eq(users.id, player.uid))
    await desk.goto(`${server.url}/en/profile`)
    await desk.waitForSelector('[data-testid="achievement-gamesPlayed"]')
    await initialised(desk)
    expect(await desk.textContent('[data-testid="achievement-gamesPlayed"]')).toContain('Play 10 games')
    expect(await desk.textContent('[data-testid="tier"]')).toBe('Account: PRO')
    await screenshotThemes(desk, 'progress-profile-pro', DESKTOP)
    await desk.goto(`${server.url}/en/`)
    await desk.waitForSelector('[data-testid="income"]')
    await initialised(desk)
    await screenshotThemes(desk, 'progress-home-income', DESKTOP)
    await wide.close()
  })
})
