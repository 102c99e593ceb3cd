import type { Core } from '../core.ts'
import { createTelegramBot } from './bot.ts'

/** After a failed getMe the sign-in page asks again only after this (it never waits for Telegram). */
const RETRY_AFTER_MS = 60_000

/**
 * The bot the Login Widget on /signin names: TELEGRAM_BOT_USERNAME when set, else the username the
 * bot learned from getMe. getMe is only relied on when the bot is live (PUBLIC_URL set: it runs at
 * start): the widget also needs the site's domain linked to the bot, which a server without a
 * public URL cannot have, and a development or test server then never calls Telegram for a page.
 * The page never waits: until getMe has answered, it shows no widget.
 */
export function loginWidgetBot(core: Core): string | (() => Promise<string | null>) | null {
  const { config } = core
  if (config.telegramBotUsername) return config.telegramBotUsername
  if (!config.publicUrl) return null
  const log = core.log.child({ component: 'telegram' })
  const telegram = createTelegramBot(config, log)
  if (!telegram) return null
  const { bot } = telegram
  let asking = false
  let failedAt = Number.NEGATIVE_INFINITY
  return async () => {
    if (bot.isInited()) return bot.botInfo.username
    if (!asking && core.clock() - failedAt >= RETRY_AFTER_MS) {
      asking = true
      telegram
        .me()
        .catch((err) => {
          failedAt = core.clock()
          log.warn('getMe failed: no Login Widget until it answers', { err })
        })
        .finally(() => {
          asking = false
        })
    }
    return null
  }
}
