import { Elysia } from 'elysia'
import type { Core } from '../core.ts'
import { createTelegramBot } from '../telegram/bot.ts'
import { telegramFeature } from '../telegram/index.ts'
import { economyRoutes } from './index.ts'
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
  const bot = telegramFeature(core, telegram, economy)
  return { routes: new Elysia().use(economyRoutes(core, economy)).use(bot.routes), onStart: bot.onStart }
}
