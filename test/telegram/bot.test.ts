import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { coinsOf } from '../economy/ledger.ts'
import { bearer, describeServer, signIn, startServer, type TestServer } from '../server/harness.ts'
import { FAKE_BOT, type FakeBotApi } from './fake-bot-api.ts'
import {
  eventually,
  startTelegramServer,
  type TelegramTestServer,
  tgSignIn,
  WEBHOOK_SECRET,
} from './setup.ts'
import { commandUpdate, postUpdate, type TgFrom } from './updates.ts'

const APP_LINK = `https://t.me/${FAKE_BOT.username}?startapp`

type Keyboard = { inline_keyboard: { text: string; url?: string; web_app?: { url: string } }[][] }
const buttonsOf = (params: Record<string, unknown>) =>
  (params.reply_markup as Keyboard).inline_keyboard.flat()

describeServer('Telegram bot', (db) => {
  let env: TelegramTestServer
  let server: TestServer
  let fake: FakeBotApi
  beforeAll(async () => {
    env = await startTelegramServer(db)
    server = env.server
    fake = env.fake
  }, 60_000)
  afterAll(() => env.stop())

  const user: TgFrom = { id: 660_001, first_name: 'Ann', language_code: 'ru' }
  const messagesTo = (chatId: number) =>
    fake.callsOf('sendMessage').filter((c) => c.params.chat_id === chatId)

  describe('webhook', () => {
    test('a wrong or missing secret is 401 and nothing runs; the right one is 200', async () => {
      const update = commandUpdate(user, '/paysupport')
      expect((await postUpdate(server, update, 'wrong')).status).toBe(401)
      expect((await postUpdate(server, update, null)).status).toBe(401)
      expect(messagesTo(user.id)).toHaveLength(0)
      expect((await postUpdate(server, update, WEBHOOK_SECRET)).status).toBe(200)
      expect(messagesTo(user.id)).toHaveLength(1)
    })

    test('a body that is not an update is 400', async () => {
      expect((await postUpdate(server, { hello: 1 }, WEBHOOK_SECRET)).status).toBe(400)
    })
  })

  describe('commands', () => {
    test('/start room_<id> opens the Mini App with the room in start_param', async () => {
      const from: TgFrom = { id: 660_002, first_name: 'Ben', language_code: 'en' }
      expect(
        (await postUpdate(server, commandUpdate(from, '/start room_abc-123'), WEBHOOK_SECRET)).status,
      ).toBe(200)
      const [sent] = messagesTo(from.id)
      expect(sent?.params.text).toContain('game room')
      expect(buttonsOf(sent?.params ?? {})).toEqual([
        { text: 'Join the game', url: `${APP_LINK}=room_abc-123` },
      ])
    })

    test('/start ref_<uid> carries the referral; /start alone opens the app', async () => {
      const from: TgFrom = { id: 660_003, first_name: 'Cid', language_code: 'es' }
      await postUpdate(server, commandUpdate(from, '/start ref_0123456789abcdef01234567'), WEBHOOK_SECRET)
      await postUpdate(server, commandUpdate(from, '/start'), WEBHOOK_SECRET)
      const [ref, plain] = messagesTo(from.id)
      expect(buttonsOf(ref?.params ?? {})).toEqual([
        { text: 'Jugar', url: `${APP_LINK}=ref_0123456789abcdef01234567` },
      ])
      expect(buttonsOf(plain?.params ?? {})).toEqual([{ text: 'Jugar', url: APP_LINK }])
    })

    test('/paysupport and /terms answer, in the user’s language', async () => {
      const from: TgFrom = { id: 660_004, first_name: 'Dan', language_code: 'en' }
      await postUpdate(server, commandUpdate(from, '/paysupport'), WEBHOOK_SECRET)
      await postUpdate(server, commandUpdate(from, '/terms'), WEBHOOK_SECRET)
      const [support, terms] = messagesTo(from.id)
      expect(support?.params.text).toContain('Payment support')
      expect(terms?.params.text).toContain('Terms')
      const ru = messagesTo(user.id).at(-1)
      expect(ru?.params.text).toContain('Поддержка платежей')
    })
  })

  describe('invites', () => {
    test('sends the user their referral link; the friend who follows it pays both sides once', async () => {
      const inviter = await tgSignIn(server, 660_010)
      const res = await server.api.api.telegram.invite.post(undefined, bearer(inviter.token))
      const link = `${APP_LINK}=ref_${inviter.uid}`
      expect(res.data?.data).toEqual({ sent: true, link, botUrl: `https://t.me/${FAKE_BOT.username}` })
      const [message] = messagesTo(660_010)
      expect(message?.params.text).toContain(link)
      expect(buttonsOf(message?.params ?? {})).toEqual([{ text: 'Open the game', url: link }])

      // The friend opens the Mini App from the link: Telegram hands the start parameter over.
      const startParam = new URL(link).searchParams.get('startapp') ?? ''
      const friend = await tgSignIn(server, 660_011, startParam)
      await tgSignIn(server, 660_011, startParam)
      expect(await coinsOf(server.core.db, inviter.uid)).toBe(35)
      expect(await coinsOf(server.core.db, friend.uid)).toBe(20)
      const list = await server.api.api.user.referrals.get(bearer(inviter.token))
      expect(list.data?.data.items.map((r) => r._id)).toEqual([friend.uid])
    })

    test('when Telegram refuses the message (bot not started), the client is told to open the bot', async () => {
      const { token } = await tgSignIn(server, 660_012)
      fake.failNext('sendMessage', {
        error_code: 403,
        description: "Forbidden: bot can't initiate conversation",
      })
      const res = await server.api.api.telegram.invite.post(undefined, bearer(token))
      expect(res.data?.data).toMatchObject({ sent: false, botUrl: `https://t.me/${FAKE_BOT.username}` })
    })

    test('a user without a Telegram id gets the bot page instead', async () => {
      const web = await signIn(server, 'Web Inviter')
      const res = await server.api.api.telegram.invite.post(undefined, bearer(web.token))
      expect(res.data?.data).toEqual({
        sent: false,
        link: `${APP_LINK}=ref_${web.uid}`,
        botUrl: `https://t.me/${FAKE_BOT.username}`,
      })
      expect(fake.callsOf('sendMessage').some((c) => c.params.chat_id === 0)).toBe(false)
    })
  })

  test('getMe ran once; no webhook or menu button without PUBLIC_URL', () => {
    expect(fake.callsOf('getMe')).toHaveLength(1)
    expect(fake.callsOf('setWebhook')).toHaveLength(0)
  })
})

describe('Telegram with PUBLIC_URL [pglite]', () => {
  let env: TelegramTestServer
  beforeAll(async () => {
    env = await startTelegramServer('pglite', { PUBLIC_URL: 'https://game.example.org' })
  }, 60_000)
  afterAll(() => env.stop())

  test('at start: webhook with its secret, menu button opening the app, commands', async () => {
    await eventually(() => env.fake.callsOf('setMyCommands').length > 0)
    expect(env.fake.callsOf('setWebhook')[0]?.params).toEqual({
      url: 'https://game.example.org/api/telegram/webhook',
      secret_token: WEBHOOK_SECRET,
      allowed_updates: ['message', 'pre_checkout_query'],
    })
    expect(env.fake.callsOf('setChatMenuButton')[0]?.params).toEqual({
      menu_button: { type: 'web_app', text: 'Play', web_app: { url: 'https://game.example.org' } },
    })
    expect(env.fake.callsOf('setMyCommands')[0]?.params.commands).toEqual(
      expect.arrayContaining([expect.objectContaining({ command: 'paysupport' })]),
    )
  })

  test('/start without a payload opens the app at the public URL', async () => {
    const from: TgFrom = { id: 660_020, first_name: 'Eve', language_code: 'en' }
    await postUpdate(env.server, commandUpdate(from, '/start'), WEBHOOK_SECRET)
    const sent = env.fake.callsOf('sendMessage').find((c) => c.params.chat_id === from.id)
    expect(buttonsOf(sent?.params ?? {})).toEqual([
      { text: 'Play', web_app: { url: 'https://game.example.org' } },
    ])
  })
})

describe('Telegram off (no TELEGRAM_BOT_TOKEN) [pglite]', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ db: 'pglite', env: { TELEGRAM_BOT_TOKEN: '' } })
  }, 60_000)
  afterAll(() => server.stop())

  test('says so at start; the webhook does not exist; invoices and invites answer 503', async () => {
    expect(server.logs.some((r) => r.msg.startsWith('telegram is off'))).toBe(true)
    expect((await postUpdate(server, commandUpdate({ id: 1, first_name: 'X' }, '/start'), 'x')).status).toBe(
      404,
    )
    const { token } = await signIn(server, 'Offline Buyer')
    const invoice = await server.api.api.shop.invoice.post({ itemId: 'coins100' }, bearer(token))
    expect(invoice.status).toBe(503)
    expect(invoice.error?.value).toMatchObject({ error: { code: 'TELEGRAM_DISABLED' } })
    expect((await server.api.api.telegram.invite.post(undefined, bearer(token))).status).toBe(503)
    // The economy itself still works.
    expect((await server.api.api.subscription.trial.post(undefined, bearer(token))).status).toBe(200)
  })

  test('/api/init tells the client there is no bot and no payments, so the web can hide them', async () => {
    const { token } = await signIn(server, 'Offline Reader')
    const init = await server.api.api.init.post(undefined, bearer(token))
    expect(init.data?.data.features).toEqual({ telegramBot: false, payments: false })
  })
})
