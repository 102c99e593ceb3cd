import { Elysia } from 'elysia'
import type { Core } from '../core.ts'
import { createTelegramBot } from '../telegram/bot.ts'
import { telegramPlugin } from '../telegram/index.ts'
import { economyPlugin } from './index.ts'
import { createEconomyService } from './service.ts'

/**
 * Economy and Telegram, composed once for createApp: the economy needs the bot to stop Stars
 * renewals, the bot needs the economy to tell sockets about purchases.
 */
export function economyFeature(core: Core) {
  const telegram = createTelegramBot(core.config, core.log.child({ component: 'telegram' }))
  const economy = createEconomyService({
    core,
    stopRenewal: telegram
      ? async (tgId, chargeId) => {
          await telegram.bot.api.editUserStarSubscription(tgId, chargeId, true)
        }
      : undefined,
  })
  return new Elysia().use(economyPlugin(core, economy)).use(telegramPlugin(core, telegram, economy))
}
