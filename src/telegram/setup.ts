import type { Logger } from '../observability/log.ts'
import type { TelegramBot } from './bot.ts'
import { botTexts } from './texts.ts'

export const WEBHOOK_PATH = '/api/telegram/webhook'
/** The updates the bot handles; others are not sent at all. */
export const ALLOWED_UPDATES = ['message', 'pre_checkout_query'] as const

/**
 * With a public URL, points Telegram at our webhook (with its secret), sets the menu button to
 * open the Mini App and lists the commands. It runs in the background: Telegram being slow or
 * unreachable must not hold up the start, and every step logs its own failure.
 */
export function startTelegram(telegram: TelegramBot, publicUrl: string | null, log: Logger): void {
  if (!publicUrl) {
    log.info('telegram is on; PUBLIC_URL is unset, so the webhook and menu button are left as they are')
    return
  }
  const { api } = telegram.bot
  const texts = botTexts('en')
  const steps: [string, () => Promise<unknown>][] = [
    ['getMe', () => telegram.me()],
    [
      'setWebhook',
      () =>
        api.setWebhook(`${publicUrl}${WEBHOOK_PATH}`, {
          secret_token: telegram.webhookSecret,
          allowed_updates: [...ALLOWED_UPDATES],
        }),
    ],
    [
      'setChatMenuButton',
      () =>
        api.setChatMenuButton({
          menu_button: { type: 'web_app', text: texts.menuButton, web_app: { url: publicUrl } },
        }),
    ],
    [
      'setMyCommands',
      () =>
        api.setMyCommands([
          { command: 'start', description: 'Play' },
          { command: 'paysupport', description: 'Payment support' },
          { command: 'terms', description: 'Terms of purchase' },
        ]),
    ],
  ]
  ;(async () => {
    for (const [name, step] of steps) {
      try {
        await step()
      } catch (err) {
        log.warn(`telegram start step failed: ${name}`, { err })
      }
    }
    log.info('telegram is on', { webhook: `${publicUrl}${WEBHOOK_PATH}` })
  })().catch((err) => log.error('telegram start failed', { err }))
}
