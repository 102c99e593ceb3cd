/**
 * The first minutes of a newcomer, in Chromium against the real server, on a phone and a desktop,
 * in Russian and English: a friend's room link opened signed out keeps the room and the browser's
 * language through sign-in and lands in the friend's game (the host, in another browser, too); the
 * sign-in page explains the game and opens How to play without an account; the arena search is on
 * screen after the tap; a web account sees where Stars purchases are made instead of failing buttons;
 * My games says won or lost.
 */
import { describe, expect, test } from 'bun:test'
import enText from '../../locales/en.json'
import ruText from '../../locales/ru.json'
import { bothThemes, DESKTOP, newContext, PHONE, screenshot, watchErrors } from './browser.ts'
import { e2eFixture } from './fixture.ts'
import { onScreen, overflowing } from './layout.ts'
import { openHome, signInAt, signInByNickname, surrender, waitForGamePage } from './play.ts'
import { expectShopWithoutPayments } from './shop.ts'

const LANGS = [
  { lang: 'ru', locale: 'ru-RU', prefix: '', text: ruText },
  { lang: 'en', locale: 'en-US', prefix: '/en', text: enText },
] as const
const SIZES = [
  { name: '390x844', viewport: PHONE },
  { name: '1280x800', viewport: DESKTOP },
] as const

describe('a newcomer in the first minutes', () => {
  const e2e = e2eFixture()

  for (const { lang, locale, prefix, text } of LANGS) {
    test(`${lang}: a friend's room link, opened signed out, lands in the friend's game after sign-in (the invitation on a phone and a desktop)`, async () => {
      const { server, browser } = e2e
      const hostPage = await (await newContext(browser, { viewport: DESKTOP })).newPage()
      const guestContext = await newContext(browser, { viewport: PHONE, locale })
      const guest = await guestContext.newPage()
      const errors = [watchErrors(hostPage), watchErrors(guest)]
      const hostName = `Host ${lang}`
      const guestName = `Guest ${lang}`

      await signInByNickname(hostPage, server.url, hostName)
      await openHome(hostPage, server.url)
      await hostPage.click('[data-testid="create-room"]')
      await hostPage.waitForSelector('[data-testid="room-code"]')
      // The waiting room is on screen, with the link to send.
      expect(await onScreen(hostPage, '[data-testid="waiting-room"]')).toBe(true)
      const code = (await hostPage.textContent('[data-testid="room-code"]'))?.trim() ?? ''
      const link = await hostPage.inputValue('.waiting-room__link input')
      expect(link).toBe(`${server.url}/?room=${code}`)

      // The guest has never been here: no cookie at all, only the browser's language.
      await guest.goto(link)
      await guest.waitForURL(/\/signin\?/)
      expect(guest.url()).toBe(`${server.url}${prefix}/signin?next=${encodeURIComponent(`/?room=${code}`)}`)
      expect(await guest.getAttribute('html', 'lang')).toBe(lang)
      expect(await guest.textContent('[data-testid="invite"]')).toContain(code)
      expect(await guest.textContent('[data-testid="pitch"]')).toBe(text.signin.pitch)
      // The form is on screen without scrolling, even on the phone under the invitation and board.
      for (const size of SIZES) {
        await guest.setViewportSize(size.viewport)
        expect(await onScreen(guest, 'button[type="submit"]')).toBe(true)
        expect(await overflowing(guest)).toEqual([])
        await bothThemes(guest, `entry-room-signin-${lang}-${size.name}`)
      }
      await guest.setViewportSize(PHONE)

      await guest.fill('input[name="nickname"]', guestName)
      await guest.click('button[type="submit"]')
      // No detour through the tutor: both land in the same game, the guest in their language.
      const [hostGame, guestGame] = await Promise.all([waitForGamePage(hostPage), waitForGamePage(guest)])
      expect(guestGame).toBe(hostGame)
      expect(guest.url()).toBe(`${server.url}${prefix}/game/${guestGame}`)
      expect(await guest.getAttribute('html', 'lang')).toBe(lang)
      const view = await server.games.view(hostGame)
      expect(view?.players.map((p) => p.user.name)).toEqual([hostName, guestName])
      await screenshot(guest, `entry-room-game-${lang}-390x844`)

      // The guest gives up; My games then says who won, on both sides.
      await guest.waitForSelector('[data-testid="game"][data-state="active"]')
      await surrender(guest)
      await openHome(guest, server.url, lang)
      const mark = `[data-testid="game-result"]`
      expect(await guest.textContent(`a[href$="/game/${guestGame}"] ${mark}`)).toBe(text.home.result.lost)
      await guest.evaluate(() => document.querySelector('.game-list')?.scrollIntoView({ block: 'start' }))
      await bothThemes(guest, `entry-my-games-${lang}-390x844`)
      await openHome(hostPage, server.url)
      expect(await hostPage.textContent(`a[href$="/game/${hostGame}"] ${mark}`)).toBe(enText.home.result.won)
      expect(errors.flat()).toEqual([])
      await hostPage.context().close()
      await guestContext.close()
    }, 60_000)

    for (const size of SIZES) {
      test(`${lang} ${size.name}: the sign-in page pitches the game and How to play opens without an account`, async () => {
        const { server, browser } = e2e
        const context = await newContext(browser, { viewport: size.viewport, locale })
        const page = await context.newPage()
        const errors = watchErrors(page)
        await page.goto(server.url)
        await page.waitForURL(`${server.url}${prefix}/signin`)
        expect(await page.textContent('[data-testid="pitch"]')).toBe(text.signin.pitch)
        expect(await page.locator('.demo-board__cell').count()).toBe(25)
        expect(await onScreen(page, 'button[type="submit"]')).toBe(true)
        expect(await overflowing(page)).toEqual([])
        await bothThemes(page, `entry-signin-${lang}-${size.name}`)

        await page.click('[data-testid="how-to-play"]')
        await page.waitForURL(`${server.url}${prefix}/tutorial`)
        await page.waitForSelector('html[data-initialised]', { state: 'attached' })
        expect(await page.textContent('.slide h2')).toBe(text.tutorial.slides.basics.goal.title)
        await page.click('[data-testid="next-slide"]')
        expect(await page.textContent('.slide h2')).not.toBe(text.tutorial.slides.basics.goal.title)
        // A visitor is offered the way to a game, not buttons that need an account.
        expect(await page.locator('[data-testid="tutorial-game"]').count()).toBe(0)
        expect(await page.getAttribute('[data-testid="tutorial-signin"]', 'href')).toBe(
          `${prefix}/signin?next=${encodeURIComponent('/tutorial')}`,
        )
        expect(await overflowing(page)).toEqual([])
        await bothThemes(page, `entry-tutorial-visitor-${lang}-${size.name}`)
        // The account comes back to How to play.
        await page.click('[data-testid="tutorial-signin"]')
        await page.fill('input[name="nickname"]', `Reader ${lang} ${size.name}`)
        await page.click('button[type="submit"]')
        await page.waitForURL(`${server.url}${prefix}/tutorial`)
        await page.waitForSelector('[data-testid="tutorial-game"]')
        expect(errors).toEqual([])
        await context.close()
      }, 60_000)
    }

    test(`${lang} phone: "Looking for an opponent…" is on screen right after tapping Arena`, async () => {
      const { server, browser } = e2e
      const context = await newContext(browser, { viewport: PHONE, locale })
      const page = await context.newPage()
      await signInAt(page, server.url, lang, `Arena ${lang}`)
      await openHome(page, server.url, lang)
      await page.click('[data-testid="play-arena"]')
      await page.waitForSelector('[data-testid="waiting-room"]')
      expect(await onScreen(page, '[data-testid="waiting-room"]')).toBe(true)
      expect(await page.textContent('[data-testid="waiting-room"]')).toContain(text.home.arena.searching)
      await bothThemes(page, `entry-arena-waiting-${lang}-390x844`)
      await page.click('[data-testid="waiting-room"] .button--danger')
      await page.waitForSelector('[data-testid="waiting-room"]', { state: 'detached' })
      await context.close()
    }, 60_000)

    test(`${lang}: a web account (no Telegram id) is told to buy in the Telegram app, with no buy buttons`, async () => {
      const { server, browser } = e2e
      const context = await newContext(browser, { viewport: PHONE, locale })
      const page = await context.newPage()
      await signInAt(page, server.url, lang, `Shopper ${lang}`)
      await openHome(page, server.url, lang)
      await expectShopWithoutPayments(page, text.shop.telegramOnly, text.shop.needsTelegram)
      // This server has a bot: invitations by the bot stay.
      expect(await page.locator('[data-testid="invite"]').count()).toBe(1)
      await context.close()
    }, 60_000)
  }
})
