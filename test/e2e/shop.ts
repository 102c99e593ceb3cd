/** The shop as a player sees it where Stars cannot be paid: the note says why, prices stand alone. */
import { expect } from 'bun:test'
import type { Page } from 'playwright-core'

/** Opens the shop from home and checks the "buy in the Telegram app" note and that no buy button is offered. */
export async function expectShopWithoutPayments(page: Page, title: string, reason: string): Promise<void> {
  await page.click('[data-testid="open-shop"]')
  const note = await page.textContent('[data-testid="telegram-only"]')
  expect(note).toContain(title)
  expect(note).toContain(reason)
  expect(await page.locator('[data-testid="buy"]').count()).toBe(0)
  expect(await page.locator('[data-testid="price"]').count()).toBeGreaterThan(0)
}
