/**
 * The Mini App in a mocked Telegram: launch parameters with init data signed for the test bot in
 * the URL hash, and a stand-in for the native side (`TelegramWebviewProxy.postEvent`) that records
 * what the app asks of Telegram. No script from telegram.org is involved.
 */
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { signInitData } from '../server/telegram.ts'
import { newContext, PHONE, watchErrors } from './browser.ts'
import { e2eFixture } from './fixture.ts'
import { playToTheEnd, surrender, waitForGamePage } from './play.ts'

const THEME = {
  bg_color: '#17212b',
  secondary_bg_color: '#232e3c',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
}

type Sent = [string, unknown]

async function sent(page: Page): Promise<Sent[]> {
  return page.evaluate(() =>
    (window as unknown as { __tg: [string, string][] }).__tg.map(([n, d]) => [n, d ? JSON.parse(d) : null]),
  )
}

async function waitForSent(page: Page, name: string, match: (params: unknown) => boolean = () => true) {
  for (let i = 0; i < 100; i++) {
    // A page mid-navigation has no context to evaluate in: try again.
    const got = await sent(page).catch(() => [] as Sent[])
    if (got.some(([n, p]) => n === name && match(p))) return
    await page.waitForTimeout(50)
  }
  throw new Error(`Telegram never received ${name}: ${JSON.stringify(await sent(page))}`)
}

describe('the Mini App in a mocked Telegram', () => {
  const e2e = e2eFixture({ COMPUTER_DELAY_MS: '30-80' })

  test('signs in from init data, takes the theme, expands, plays a whole game with haptics, back button and closing confirmation, surrenders another', async () => {
    const { server, browser } = e2e
    const context = await newContext(browser, { viewport: PHONE, touch: true })
    await context.addInitScript(() => {
      const w = window as unknown as { __tg: [string, string][]; TelegramWebviewProxy: unknown }
      w.__tg = []
      w.TelegramWebviewProxy = { postEvent: (name: string, data: string) => w.__tg.push([name, data]) }
    })
    const page = await context.newPage()
    const errors = watchErrors(page)
    // Bot API 8 init data carries `signature` (the SDK insists on it); it takes part in the hash.
    const initData = signInitData(
      { id: 777_001, first_name: 'Tele', username: 'tg_e2e', language_code: 'en' },
      { extra: { signature: 'c2lnbmF0dXJlLWZvci10ZXN0cw' } },
    )
    const hash = new URLSearchParams({
      tgWebAppData: initData,
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'ios',
      tgWebAppThemeParams: JSON.stringify(THEME),
    })
    await page.goto(`${server.url}/en#${hash}`)
    // A new Telegram user goes to the tutor once, signed in without any form.
    await page.waitForURL(`${server.url}/en/tutor`)
    expect(await page.evaluate(() => document.cookie)).toContain('auth=')
    await page.goto(`${server.url}/en`)
    await page.waitForSelector('[data-testid="home"][data-ready]')
    expect(await page.textContent('[data-testid="nickname"]')).toBe('tg_e2e')

    // Theme parameters became the app's colours, and the dark theme follows from them.
    const look = await page.evaluate(() => ({
      bg: getComputedStyle(document.documentElement).getPropertyValue('--color-bg').trim(),
      accent: getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim(),
      theme: document.documentElement.getAttribute('data-theme'),
      body: getComputedStyle(document.body).backgroundColor,
    }))
    expect(look).toEqual({ bg: '#17212b', accent: '#5288c1', theme: 'dark', body: 'rgb(23, 33, 43)' })
    // ios is a mobile platform: expanded; the app said it is ready.
    await waitForSent(page, 'web_app_expand')
    await waitForSent(page, 'web_app_ready')
    // Home is the top: no back button there.
    expect(
      (await sent(page)).some(
        ([n, p]) => n === 'web_app_setup_back_button' && (p as { is_visible: boolean }).is_visible,
      ),
    ).toBe(false)

    await page.selectOption('[data-testid="level"]', 'veryEasy')
    await page.click('[data-testid="play-computer"]')
    const gameId = await waitForGamePage(page)
    await waitForSent(page, 'web_app_setup_back_button', (p) => (p as { is_visible: boolean }).is_visible)
    await waitForSent(
      page,
      'web_app_setup_closing_behavior',
      (p) => (p as { need_confirmation: boolean }).need_confirmation,
    )

    // The whole game by touch: selecting a cell gives a selection haptic, an accepted word a success one.
    await playToTheEnd(page, server, gameId)
    expect(await page.getAttribute('[data-testid="final"]', 'data-result')).toBe('win')
    await waitForSent(
      page,
      'web_app_trigger_haptic_feedback',
      (p) => (p as { type: string }).type === 'selection_change',
    )
    await waitForSent(
      page,
      'web_app_trigger_haptic_feedback',
      (p) => (p as { notification_type?: string }).notification_type === 'success',
    )
    // Over: no closing confirmation any more.
    await waitForSent(
      page,
      'web_app_setup_closing_behavior',
      (p) => !(p as { need_confirmation: boolean }).need_confirmation,
    )

    // A second game, surrendered with confirmation: confirmation on while it runs, off once it is lost.
    await page.goto(`${server.url}/en`)
    await page.waitForSelector('[data-testid="home"][data-ready]')
    await page.evaluate(() => {
      ;(window as unknown as { __tg: unknown[] }).__tg.length = 0
    })
    await page.click('[data-testid="play-computer"]')
    await waitForGamePage(page)
    await waitForSent(
      page,
      'web_app_setup_closing_behavior',
      (p) => (p as { need_confirmation: boolean }).need_confirmation,
    )
    await surrender(page)
    expect(await page.getAttribute('[data-testid="final"]', 'data-result')).toBe('lose')
    await waitForSent(
      page,
      'web_app_setup_closing_behavior',
      (p) => !(p as { need_confirmation: boolean }).need_confirmation,
    )

    // Telegram's back button takes the player back home (the page may be gone before evaluate returns).
    await page
      .evaluate(() =>
        (
          window as unknown as { Telegram: { WebView: { receiveEvent(n: string, d: unknown): void } } }
        ).Telegram.WebView.receiveEvent('back_button_pressed', null),
      )
      .catch(() => {})
    await page.waitForURL(`${server.url}/en`)
    expect(errors).toEqual([])
    await context.close()
  }, 150_000)
})
