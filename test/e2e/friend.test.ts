/**
 * Two people in two browser contexts: one creates a friend room, the other joins with its code,
 * and they play each other to the end; a reaction crosses over. Screenshots of home and game at
 * phone and desktop sizes go to test-artifacts/screenshots.
 */
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import type { Side } from '../../engine/index.ts'
import { DESKTOP, newContext, PHONE, SCREENSHOTS, screenshot, watchErrors } from './browser.ts'
import { e2eFixture } from './fixture.ts'
import {
  openHome,
  playTurn,
  signInByNickname,
  strongMove,
  surrender,
  waitForGamePage,
  waitForVersion,
} from './play.ts'

/** Light and dark (the system mode follows the OS live); shots at phone and desktop size (SCREENSHOTS). */
async function both(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.waitForFunction((mode) => document.documentElement.dataset.theme === mode, scheme)
    if (!SCREENSHOTS) continue
    const suffix = scheme === 'dark' ? '-dark' : ''
    await page.setViewportSize(PHONE)
    await screenshot(page, `${name}-390x844${suffix}`)
    await page.setViewportSize(DESKTOP)
    await screenshot(page, `${name}-1280x800${suffix}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize(PHONE)
}

/** Whose turn the page shows: the side whose card carries the marker, or null. */
function turnShown(page: Page): Promise<Side | null> {
  return page.evaluate(() => {
    for (const side of [0, 1] as const)
      if (document.querySelector(`[data-testid="player-${side}"] [data-testid="turn-marker"]`)) return side
    return null
  })
}

/** Turns each side plays through its screen before the side to move gives up. */
const TURNS_BEFORE_SURRENDER = 8

describe('two friends in two browsers', () => {
  const e2e = e2eFixture()

  test('a room code joins them, they play to the end, a reaction crosses over', async () => {
    const { server, browser } = e2e
    const host = await (await newContext(browser, { viewport: PHONE })).newPage()
    const guest = await (await newContext(browser, { viewport: DESKTOP })).newPage()
    const errors = [watchErrors(host), watchErrors(guest)]
    await Promise.all([
      signInByNickname(host, server.url, 'Host e2e'),
      signInByNickname(guest, server.url, 'Guest e2e'),
    ])
    await Promise.all([openHome(host, server.url), openHome(guest, server.url)])
    await both(host, 'home')

    await host.click('[data-testid="create-room"]')
    const code = (await host.textContent('[data-testid="room-code"]'))?.trim() ?? ''
    expect(code).toMatch(/^[A-Z0-9]{6}$/)
    await guest.fill('[data-testid="join-code"]', code)
    await guest.click('[data-testid="join"]')

    // Both land on the same game: the guest from the join answer, the host from game/created.
    const [hostGame, guestGame] = await Promise.all([waitForGamePage(host), waitForGamePage(guest)])
    expect(hostGame).toBe(guestGame)
    const view = await server.games.view(hostGame)
    expect(view?.players.map((p) => p.user.name)).toEqual(['Host e2e', 'Guest e2e'])
    const pages: [Page, Page] = [host, guest]

    // Each sees the other online (presence follows the opponent's connection, not a snapshot).
    await host.waitForSelector('[data-testid="player-1"] .presence--on')
    await guest.waitForSelector('[data-testid="player-0"] .presence--on')
    // A reaction from the host shows on the guest's screen.
    await host.waitForSelector('[data-testid="game"][data-state="active"]')
    await host.click('[data-testid="reactions-toggle"]')
    await host.click('.reaction-choice >> nth=0')
    await guest.waitForSelector('[data-testid="player-0"] [data-testid="reaction"]')

    // The server's game decides whose turn it is; each screen must show that version before a move.
    let shot = false
    for (let turns = 0; ; turns++) {
      if (turns > 40) throw new Error('the game did not end')
      const now = await server.games.view(hostGame)
      if (now?.state !== 'active') break
      const side = now.turnAvailable as Side
      await Promise.all(pages.map((page) => waitForVersion(page, now.ts)))
      // Both screens agree whose turn it is.
      expect([await turnShown(host), await turnShown(guest)]).toEqual([side, side])
      // Boxed in with no word to play, or enough turns to show both screens agreeing move after move
      // (a whole game adds turns, not proof: game-page plays one to its natural end): the side to
      // move surrenders, confirmed, through the UI.
      if (strongMove(now, side) === null || turns >= TURNS_BEFORE_SURRENDER) {
        await surrender(pages[side])
        continue
      }
      await playTurn(pages[side], server, hostGame, side)
      if (!shot && turns >= 2) {
        await both(host, 'game')
        shot = true
      }
    }
    for (const page of pages) await page.locator('[data-testid="final"]').waitFor()
    const over = await server.games.view(hostGame)
    const winner = over?.winner as Side
    expect(await pages[winner].getAttribute('[data-testid="final"]', 'data-result')).toBe('win')
    expect(await pages[1 - winner].getAttribute('[data-testid="final"]', 'data-result')).toBe('lose')
    // Both read the same reason; no play controls are left on either board.
    for (const page of pages) {
      expect(await page.getAttribute('[data-testid="final"]', 'data-reason')).toBe(over?.gameoverReason ?? '')
      expect(await page.locator('[data-testid="actionbar"]').count()).toBe(0)
    }
    // Play again between friends: one offers a rematch, the other sees it and accepts; both go to it.
    await host.click('[data-testid="play-again"]')
    await host.waitForSelector('[data-testid="rematch-sent"]')
    await guest.waitForSelector('[data-testid="rematch-offered"]')
    await guest.click('[data-testid="play-again"]')
    const [hostNext, guestNext] = await Promise.all([
      host.waitForURL((url) => !url.pathname.endsWith(hostGame)).then(() => waitForGamePage(host)),
      guest.waitForURL((url) => !url.pathname.endsWith(hostGame)).then(() => waitForGamePage(guest)),
    ])
    expect(hostNext).toBe(guestNext)
    expect((await server.games.view(hostNext))?.opponents).toEqual(view?.opponents)
    // The guest leaves: the host's screen shows them offline.
    await guest.close()
    await host.waitForSelector('[data-testid="player-1"] .presence:not(.presence--on)')
    expect(errors.flat()).toEqual([])
  }, 150_000)
})
