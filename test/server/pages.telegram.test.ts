/**
 * The Telegram Login Widget on /signin, through the whole server: TELEGRAM_BOT_USERNAME names the
 * bot; without it the username getMe reported (a live bot: PUBLIC_URL set); with neither, or before
 * getMe answered, the page has no widget and no external script, and never waits for Telegram.
 */
import { describe, expect, test } from 'bun:test'
import { ConfigError, parseConfig } from '../../src/config.ts'
import { FAKE_BOT } from '../telegram/fake-bot-api.ts'
import { eventually, startTelegramServer } from '../telegram/setup.ts'
import { startServer, type TestServer } from './harness.ts'

const PUBLIC_URL = 'https://game.example'

async function signinPage(server: TestServer): Promise<string> {
  const res = await fetch(`${server.url}/en/signin`)
  expect(res.status).toBe(200)
  return res.text()
}

const props = (html: string) =>
  JSON.parse(html.match(/<script type="application\/json" id="island-props-0">(.*?)<\/script>/)![1])

function expectNoWidget(html: string) {
  expect(html).not.toContain('data-testid="telegram-widget"')
  expect(html).not.toContain('telegram.org')
  expect(props(html).telegramBot).toBeUndefined()
  // Nickname sign-in is there either way.
  expect(html).toContain('name="nickname"')
}

function expectWidgetFor(html: string, bot: string) {
  expect(html).toContain('data-testid="telegram-widget"')
  expect(html).toContain(`data-bot="${bot}"`)
  expect(props(html).telegramBot).toBe(bot)
}

describe('TELEGRAM_BOT_USERNAME', () => {
  test('is read without a leading @; anything but a Telegram username is refused', () => {
    expect(parseConfig({ JWT_SECRET: 'x'.repeat(20) }).telegramBotUsername).toBeNull()
    expect(
      parseConfig({ JWT_SECRET: 'x'.repeat(20), TELEGRAM_BOT_USERNAME: '@word_game_bot' })
        .telegramBotUsername,
    ).toBe('word_game_bot')
    for (const bad of ['ab', 'has space', '1starts_with_digit', 'x'.repeat(33)]) {
      expect(() => parseConfig({ JWT_SECRET: 'x'.repeat(20), TELEGRAM_BOT_USERNAME: bad })).toThrow(
        ConfigError,
      )
    }
  })
})

describe('the Login Widget on /signin', () => {
  test('the configured username names the widget, whatever getMe would say', async () => {
    const server = await startServer({ db: 'pglite', env: { TELEGRAM_BOT_USERNAME: 'word_game_bot' } })
    try {
      expectWidgetFor(await signinPage(server), 'word_game_bot')
      // Other pages carry no bot name.
      const home = await (await fetch(`${server.url}/en/dev`)).text()
      expect(props(home).telegramBot).toBeUndefined()
    } finally {
      await server.stop()
    }
  }, 60_000)

  test('without the setting and without a live bot (no PUBLIC_URL): no widget, no external script', async () => {
    const server = await startServer({ db: 'pglite' })
    try {
      expectNoWidget(await signinPage(server))
    } finally {
      await server.stop()
    }
  }, 60_000)

  test("without the setting, a live bot's username from getMe", async () => {
    const tg = await startTelegramServer('pglite', { PUBLIC_URL })
    try {
      // The start-up steps call getMe in the background.
      await eventually(() => tg.fake.callsOf('getMe').length > 0)
      let html = ''
      for (let i = 0; i < 100 && !html.includes('telegram-widget'); i++) {
        html = await signinPage(tg.server)
        await Bun.sleep(20)
      }
      expectWidgetFor(html, FAKE_BOT.username)
      // Learned once: pages do not call getMe again.
      expect(tg.fake.callsOf('getMe')).toHaveLength(1)
    } finally {
      await tg.stop()
    }
  }, 60_000)

  test('while getMe fails the page has no widget and does not wait; it asks again a minute later', async () => {
    const tg = await startTelegramServer('pglite', { PUBLIC_URL })
    const { fake, server } = tg
    try {
      await eventually(() => fake.callsOf('getMe').length > 0)
      // A fresh server whose getMe fails at start and on the page's first ask.
      await server.stop()
      fake.failNext('getMe', { error_code: 500, description: 'Internal Server Error' })
      const again = await startServer({
        db: 'pglite',
        env: { TELEGRAM_API_ROOT: fake.url, PUBLIC_URL },
      })
      try {
        await eventually(() => again.logs.some((r) => r.msg === 'telegram start step failed: getMe'))
        // The page's ask gets no answer until released: the page must not wait for it.
        fake.failNext('getMe', { error_code: 500, description: 'Internal Server Error' })
        const release = fake.holdNext('getMe')
        expectNoWidget(await signinPage(again))
        await eventually(() => fake.callsOf('getMe').length >= 2)
        release()
        await eventually(() => fake.callsOf('getMe').length >= 3)
        await Bun.sleep(50)
        // Within the minute: no new call, still no widget.
        expectNoWidget(await signinPage(again))
        expect(fake.callsOf('getMe')).toHaveLength(3)
        // A minute later the page asks again; getMe answers and the widget appears.
        again.clock.advance(61_000)
        expectNoWidget(await signinPage(again))
        await eventually(() => fake.callsOf('getMe').length >= 4)
        let html = ''
        for (let i = 0; i < 100 && !html.includes('telegram-widget'); i++) {
          html = await signinPage(again)
          await Bun.sleep(20)
        }
        expectWidgetFor(html, FAKE_BOT.username)
      } finally {
        await again.stop()
      }
    } finally {
      await fake.stop()
    }
  }, 60_000)
})
