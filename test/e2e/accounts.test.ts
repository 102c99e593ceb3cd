/**
 * Accounts in Chromium: a player sets a password in Settings, signs in with it in a second browser,
 * signs out everywhere from there, and the first browser lands on /signin at once (its socket hears
 * `system/signout`).
 */
import { describe, expect, test } from 'bun:test'
import { DESKTOP, newContext, screenshot, watchErrors } from './browser.ts'
import { e2eFixture } from './fixture.ts'
import { landOn, signInByNickname } from './play.ts'

describe('accounts across two browsers', () => {
  const e2e = e2eFixture()

  test('set a password, sign in elsewhere with it, sign out everywhere', async () => {
    const { server, browser } = e2e
    const base = server.url
    const first = await newContext(browser)
    const second = await newContext(browser, { viewport: DESKTOP })
    const phone = await first.newPage()
    const desk = await second.newPage()
    const errors = [...watchErrors(phone), ...watchErrors(desk)]

    await signInByNickname(phone, base, 'Two Browsers')
    await phone.goto(`${base}/en/settings`)
    await phone.waitForSelector('[data-testid="sessions"] [data-testid="session"]')
    await phone.waitForSelector('html[data-initialised]', { state: 'attached' })
    expect(await phone.textContent('[data-testid="settings"]')).toContain(
      'Set a password to play on another device',
    )
    await phone.fill('[data-testid="password-form"] input[name="password"]', 'two browsers pass')
    await phone.click('[data-testid="password-form"] button[type="submit"]')
    await phone.waitForSelector('[data-testid="password-form"] [role="status"]')
    await phone.locator('[data-testid="sessions"]').scrollIntoViewIfNeeded()
    await screenshot(phone, 'settings-account-phone')

    // The second browser: the nickname alone is refused, nickname and password open the account.
    await desk.goto(`${base}/en/signin`)
    await desk.fill('input[name="nickname"]', 'two browsers')
    await desk.click('button[type="submit"]')
    await desk.waitForSelector('input[name="password"]')
    expect(await desk.textContent('[role="alert"]')).toContain('This nickname is taken')
    await desk.fill('input[name="password"]', 'two browsers pass')
    await screenshot(desk, 'signin-password-desktop')
    await desk.click('button[type="submit"]')
    // The account has not played yet, so its first home in this browser sends it to the tutor once
    // (SPEC.md §2): land there first, or that redirect can interrupt the next navigation.
    await landOn(desk, `${base}/en/tutor`)

    await desk.goto(`${base}/en/settings`)
    await desk.waitForFunction(() => document.querySelectorAll('[data-testid="session"]').length === 2)
    const rows = await desk.locator('[data-testid="session"]').allTextContents()
    expect(rows.some((row) => row.includes('this device'))).toBe(true)
    expect(rows.every((row) => row.includes('Chrome'))).toBe(true)
    await desk.waitForSelector('html[data-initialised]', { state: 'attached' })
    await desk.locator('[data-testid="signout-everywhere"]').scrollIntoViewIfNeeded()
    await screenshot(desk, 'settings-sessions-desktop')

    await desk.click('[data-testid="signout-everywhere"]')
    await landOn(desk, `${base}/en/signin`)
    // The first browser did nothing: its socket was told, and it is on the sign-in page.
    await landOn(phone, `${base}/en/signin`)
    const cookies = await first.cookies()
    expect(cookies.find((c) => c.name === 'auth')).toBeUndefined()
    // Back in with the password (the nickname alone no longer opens it anywhere).
    await phone.fill('input[name="nickname"]', 'Two Browsers')
    await phone.click('button[type="submit"]')
    await phone.waitForSelector('input[name="password"]')
    await phone.fill('input[name="password"]', 'two browsers pass')
    await phone.click('button[type="submit"]')
    await phone.waitForURL((url) => !url.pathname.endsWith('/signin'))

    // The refused sign-in (409) and the signed-out page's calls (401) are answers, not faults.
    const refusals = /Failed to load resource: the server responded with a status of (401|409)/
    expect(errors.filter((e) => !refusals.test(e))).toEqual([])
    await first.close()
    await second.close()
  }, 90_000)
})
