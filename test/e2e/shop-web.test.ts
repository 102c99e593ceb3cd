/**
 * A server without a Telegram bot (no TELEGRAM_BOT_TOKEN): the shop says purchases are made in the
 * Telegram app and shows prices, not buy buttons that could only fail with a retry toast; invitations
 * point to room links. Phone and desktop, Russian and English, light and dark.
 */
import { describe, expect, test } from 'bun:test'
import enText from '../../locales/en.json'
import ruText from '../../locales/ru.json'
import { DESKTOP, newContext, PHONE, screenshot, watchErrors } from './browser.ts'
import { e2eFixture } from './fixture.ts'
import { overflowing } from './layout.ts'
import { openHome, signInAt } from './play.ts'
import { expectShopWithoutPayments } from './shop.ts'

describe('the shop on a server without a bot', () => {
  const e2e = e2eFixture({ TELEGRAM_BOT_TOKEN: '' })

  for (const { lang, locale, text } of [
    { lang: 'ru', locale: 'ru-RU', text: ruText },
    { lang: 'en', locale: 'en-US', text: enText },
  ]) {
    for (const [size, viewport] of [
      ['390x844', PHONE],
      ['1280x800', DESKTOP],
    ] as const) {
      test(`${lang} ${size}: "Buy in the Telegram app" and prices, no buy button, invite by room link`, async () => {
        const { server, browser } = e2e
        const context = await newContext(browser, { viewport, locale })
        const page = await context.newPage()
        const errors = watchErrors(page)
        const invoices: string[] = []
        page.on('request', (r) => {
          if (r.url().includes('/api/shop/invoice') || r.url().includes('/api/telegram/invite'))
            invoices.push(r.url())
        })
        await signInAt(page, server.url, lang, `Buyer ${lang} ${size}`)
        await openHome(page, server.url, lang)
        await expectShopWithoutPayments(page, text.shop.telegramOnly, text.shop.noBot)
        expect(await page.textContent('[data-testid="invite-by-link"]')).toBe(text.shop.inviteByLink)
        expect(await page.locator('[data-testid="invite"]').count()).toBe(0)
        // The coins tab too.
        await page.click(`.shop [role="tab"]:has-text("${text.shop.tab.coins}")`)
        expect(await page.locator('[data-testid="buy"]').count()).toBe(0)
        expect(await page.locator('.shop input[type="number"]').count()).toBe(0)
        expect(await overflowing(page)).toEqual([])
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme })
          await page.waitForFunction((mode) => document.documentElement.dataset.theme === mode, scheme)
          await screenshot(page, `shop-no-bot-${lang}-${size}${scheme === 'dark' ? '-dark' : ''}`)
        }
        expect(invoices).toEqual([])
        expect(errors).toEqual([])
        await context.close()
      }, 60_000)
    }
  }
})
