import { type Context, InlineKeyboard } from 'grammy'
import { parseStartParam } from '../auth/start-param.ts'
import type { Purchases } from '../economy/purchases.ts'
import type { Logger } from '../observability/log.ts'
import type { TelegramBot } from './bot.ts'
import { botTexts } from './texts.ts'

export interface HandlerDeps {
  telegram: TelegramBot
  purchases: Purchases
  publicUrl: string | null
  log: Logger
  /** A purchase or refund changed this user's wallet (committed): tell their sockets. */
  walletChanged(userId: string): Promise<unknown>
}

/**
 * The bot's behaviour. Payment handlers let database errors escape: the webhook then answers 500
 * and Telegram delivers the update again, which the charge id makes harmless. Messages the bot
 * merely sends (replies) log their failures instead, so a blocked bot does not cause redelivery.
 */
export function registerHandlers(deps: HandlerDeps): void {
  const { telegram, purchases, publicUrl, log, walletChanged } = deps
  const { bot } = telegram

  const reply = async (ctx: Context, text: string, keyboard?: InlineKeyboard) => {
    try {
      await ctx.reply(text, keyboard ? { reply_markup: keyboard } : undefined)
    } catch (err) {
      log.warn('bot reply failed', { err, chat: ctx.chat?.id })
    }
  }

  // /start <payload>: a room or a referral goes into the Mini App's start parameter.
  bot.command('start', async (ctx) => {
    const texts = botTexts(ctx.from?.language_code)
    const payload = ctx.match.trim()
    const params = parseStartParam(payload)
    const keyboard = new InlineKeyboard()
    if (params.roomId || params.ref) {
      keyboard.url(params.roomId ? texts.openRoom : texts.open, await telegram.appLink(payload))
    } else if (publicUrl) {
      keyboard.webApp(texts.open, publicUrl)
    } else {
      keyboard.url(texts.open, await telegram.appLink())
    }
    const text = params.roomId ? texts.roomInvite : params.ref ? texts.referralWelcome : texts.welcome
    await reply(ctx, text, keyboard)
  })

  // Telegram requires bots that sell in Stars to answer /paysupport.
  bot.command('paysupport', (ctx) => reply(ctx, botTexts(ctx.from?.language_code).paysupport))
  bot.command('terms', (ctx) => reply(ctx, botTexts(ctx.from?.language_code).terms))

  // Must be answered within 10 s; an unexpected failure answers "no" rather than letting it lapse.
  bot.on('pre_checkout_query', async (ctx) => {
    const query = ctx.preCheckoutQuery
    const texts = botTexts(query.from.language_code)
    let verdict: Awaited<ReturnType<Purchases['checkOrder']>>
    try {
      verdict = await purchases.checkOrder({
        invoicePayload: query.invoice_payload,
        fromTgId: query.from.id,
        currency: query.currency,
        totalAmount: query.total_amount,
      })
    } catch (err) {
      log.error('pre-checkout check failed', { err, payload: query.invoice_payload })
      await ctx.answerPreCheckoutQuery(false, { error_message: texts.orderInvalid })
      return
    }
    if (verdict.ok) {
      await ctx.answerPreCheckoutQuery(true)
      return
    }
    log.info('pre-checkout refused', { reason: verdict.reason, payload: query.invoice_payload })
    const message = verdict.reason === 'alreadyPaid' ? texts.orderPaid : texts.orderInvalid
    await ctx.answerPreCheckoutQuery(false, { error_message: message })
  })

  bot.on('message:successful_payment', async (ctx) => {
    const payment = ctx.message.successful_payment
    const result = await purchases.complete({
      telegramPaymentChargeId: payment.telegram_payment_charge_id,
      providerPaymentChargeId: payment.provider_payment_charge_id || null,
      invoicePayload: payment.invoice_payload,
      currency: payment.currency,
      totalAmount: payment.total_amount,
      fromTgId: ctx.from.id,
      subscriptionExpirationDate: payment.subscription_expiration_date,
      raw: { ...payment },
    })
    log.info('payment', {
      status: result.status,
      charge: payment.telegram_payment_charge_id,
      amount: payment.total_amount,
      currency: payment.currency,
    })
    const texts = botTexts(ctx.from.language_code)
    // Recorded for support, nothing delivered: the payer learns where to get the Stars back.
    if (result.status === 'unknownOrder') await reply(ctx, texts.paymentUnmatched)
    if (result.status !== 'credited') return
    await walletChanged(result.userId)
    await reply(ctx, texts.thanks)
  })

  bot.on('message:refunded_payment', async (ctx) => {
    const refunded = ctx.message.refunded_payment
    const result = await purchases.refund(refunded.telegram_payment_charge_id, 'telegram')
    log.info('refund', { status: result.status, charge: refunded.telegram_payment_charge_id })
    if (result.status === 'refunded' && result.userId) await walletChanged(result.userId)
  })
}
