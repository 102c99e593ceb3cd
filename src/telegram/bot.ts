import { createHash } from 'node:crypto'
import { Bot } from 'grammy'
import type { UserFromGetMe } from 'grammy/types'
import type { Config } from '../config.ts'
import type { Logger } from '../observability/log.ts'

/** Bot API calls give up after this; a pre-checkout answer must reach Telegram within 10 s anyway. */
const API_TIMEOUT_SEC = 8

export interface TelegramBot {
  bot: Bot
  /** The bot's own account (username for links), from one getMe call, cached once it succeeds. */
  me(): Promise<UserFromGetMe>
  /** The secret Telegram sends in X-Telegram-Bot-Api-Secret-Token with every webhook update. */
  webhookSecret: string
  /** t.me link that opens the bot's Mini App, with a start parameter when given. */
  appLink(startParam?: string): Promise<string>
  botPage(): Promise<string>
}

/** One bot per configuration: the economy and the pages ask for it apart and share its getMe. */
const BOTS = new WeakMap<Config, TelegramBot>()

/**
 * A grammY bot on the configured Bot API root (tests point it at a fake one). No network at
 * construction: getMe runs on first need (or at start when a public URL is set), so a server
 * without Telegram access still starts. Asked again for the same configuration, the same bot.
 */
export function createTelegramBot(config: Config, log: Logger): TelegramBot | null {
  const token = config.telegramBotToken
  if (!token) return null
  const made = BOTS.get(config)
  if (made) return made
  const bot = new Bot(token, { client: { apiRoot: config.telegramApiRoot, timeoutSeconds: API_TIMEOUT_SEC } })

  let pending: Promise<UserFromGetMe> | null = null
  const me = async (): Promise<UserFromGetMe> => {
    if (bot.isInited()) return bot.botInfo
    // grammY's own init retries network errors for ever; one plain call fails fast instead.
    pending ??= bot.api
      .getMe()
      .then((info) => {
        bot.botInfo = info
        log.info('telegram bot identified', { username: info.username })
        return info
      })
      .finally(() => {
        pending = null
      })
    return pending
  }

  const telegram: TelegramBot = {
    bot,
    me,
    // Without a configured secret one is derived from the token, so the webhook is never open.
    webhookSecret:
      config.telegramWebhookSecret ?? createHash('sha256').update(`webhook:${token}`).digest('hex'),
    async appLink(startParam) {
      const { username } = await me()
      return startParam
        ? `https://t.me/${username}?startapp=${startParam}`
        : `https://t.me/${username}?startapp`
    },
    async botPage() {
      return `https://t.me/${(await me()).username}`
    },
  }
  BOTS.set(config, telegram)
  return telegram
}
