import { timingSafeEqual } from 'node:crypto'
import { Elysia, t } from 'elysia'
import { GrammyError, InlineKeyboard, webhookCallback } from 'grammy'
import { SUBSCRIPTION_PERIOD_SEC } from '../../engine/index.ts'
import { authGuard } from '../auth/guard.ts'
import { startParamFor } from '../auth/start-param.ts'
import type { Core } from '../core.ts'
import { checkDeveloper } from '../dev/access.ts'
import { priceOf } from '../economy/catalogue.ts'
import { createPurchases, STARS } from '../economy/purchases.ts'
import type { EconomyService } from '../economy/service.ts'
import { ApiError, badRequest, failure, notFound, ok, tooManyRequests } from '../http/envelope.ts'
import { createRateLimiter } from '../http/rate-limit.ts'
import { unwrap } from '../http/refusals.ts'
import { findUserByTgId } from '../users/repo.ts'
import type { TelegramBot } from './bot.ts'
import { registerHandlers } from './handlers.ts'
import { startTelegram } from './setup.ts'
import { botTexts } from './texts.ts'

export const TELEGRAM_ERRORS = {
  TELEGRAM_DISABLED: 'TELEGRAM_DISABLED',
  TELEGRAM_REQUIRED: 'TELEGRAM_REQUIRED',
  TELEGRAM_ERROR: 'TELEGRAM_ERROR',
} as const

const disabled = () =>
  new ApiError(503, TELEGRAM_ERRORS.TELEGRAM_DISABLED, 'Telegram is not configured on this server')
const upstream = (what: string) =>
  new ApiError(502, TELEGRAM_ERRORS.TELEGRAM_ERROR, `Telegram refused ${what}`)

/** The grammY webhook gives up after this (Telegram then delivers again). */
const WEBHOOK_TIMEOUT_MS = 9_000

/**
 * Telegram (a Feature, src/feature.ts): the bot's webhook, invites, Stars invoices and refunds. With no bot token every route
 * answers that Telegram is off (the webhook as an unknown route) and the start log says so.
 */
export function telegramFeature(core: Core, telegram: TelegramBot | null, economy: EconomyService) {
  const { db, clock, config, users } = core
  const log = core.log.child({ component: 'telegram' })
  const purchases = createPurchases({
    db,
    clock,
    log,
    userIdOfTgId: async (ex, tgId) => (await findUserByTgId(ex, tgId))?.id ?? null,
  })
  const invoiceLimit = createRateLimiter({ limit: 20, windowMs: 60_000, clock })
  const inviteLimit = createRateLimiter({ limit: 5, windowMs: 60_000, clock })

  let onStart = () => log.info('telegram is off: TELEGRAM_BOT_TOKEN is unset (no bot, payments or invites)')
  if (telegram) {
    registerHandlers({
      telegram,
      purchases,
      publicUrl: config.publicUrl,
      log,
      walletChanged: (uid) => economy.publish(uid),
    })
    onStart = () => startTelegram(telegram, config.publicUrl, log)
  }

  const handleUpdate = telegram
    ? webhookCallback(telegram.bot, 'elysia', {
        secretToken: telegram.webhookSecret,
        onTimeout: 'throw',
        timeoutMilliseconds: WEBHOOK_TIMEOUT_MS,
      })
    : null

  const webhook = new Elysia().post('/api/telegram/webhook', async (ctx) => {
    if (!telegram || !handleUpdate) throw notFound('Not found: /api/telegram/webhook')
    // Checked here first so a wrong secret is a 401 whatever the body; grammY checks it again.
    if (!sameSecret(ctx.headers['x-telegram-bot-api-secret-token'], telegram.webhookSecret)) {
      ctx.set.status = 401
      return failure('UNAUTHORIZED', 'Wrong webhook secret')
    }
    const body = ctx.body as { update_id?: unknown } | null
    if (typeof body !== 'object' || body === null || typeof body.update_id !== 'number')
      throw badRequest('Not a Telegram update')
    try {
      await telegram.me()
    } catch (err) {
      log.warn('getMe failed, update left for redelivery', { err })
      throw new ApiError(503, TELEGRAM_ERRORS.TELEGRAM_ERROR, 'Bot not ready')
    }
    return handleUpdate(ctx)
  })

  const routes = new Elysia()
    .use(authGuard(core.tokens))
    .post(
      '/api/telegram/invite',
      async ({ uid }) => {
        if (!telegram) throw disabled()
        if (!inviteLimit.take(uid)) throw tooManyRequests()
        const user = await users.get(uid)
        if (!user) throw notFound('User not found')
        const [link, botUrl] = await Promise.all([
          telegram.appLink(startParamFor({ ref: user.id })),
          telegram.botPage(),
        ]).catch((err) => {
          log.warn('getMe failed', { err })
          throw upstream('to identify the bot')
        })
        // Without a Telegram id the client opens the bot's page instead (SPEC.md §7).
        if (user.tgId === 0) return ok({ sent: false, link, botUrl })
        const texts = botTexts(user.lang)
        try {
          await telegram.bot.api.sendMessage(user.tgId, `${texts.invite}\n${link}`, {
            reply_markup: new InlineKeyboard().url(texts.inviteButton, link),
          })
          return ok({ sent: true, link, botUrl })
        } catch (err) {
          // Most often the user never started the bot: Telegram forbids writing first.
          log.info('invite message not sent', { err: describe(err), uid })
          return ok({ sent: false, link, botUrl })
        }
      },
      { auth: true },
    )
    .post(
      '/api/shop/invoice',
      async ({ uid, body }) => {
        if (!telegram) throw disabled()
        if (!invoiceLimit.take(uid)) throw tooManyRequests()
        const user = await users.get(uid)
        if (!user) throw notFound('User not found')
        if (user.tgId === 0)
          throw new ApiError(409, TELEGRAM_ERRORS.TELEGRAM_REQUIRED, 'Stars payments need a Telegram account')
        const priced = priceOf(body.itemId, body.amount)
        if ('error' in priced) throw badRequest(priced.error)
        const order = await purchases.createOrder(uid, priced.item.id, priced.goods, priced.priceXtr)
        const texts = botTexts(user.lang)
        const title = texts.invoiceTitle(priced.goods)
        try {
          const link = await telegram.bot.api.createInvoiceLink(
            title,
            texts.invoiceDescription(priced.goods),
            order.id,
            '', // Stars need no payment provider
            STARS,
            [{ label: title, amount: priced.priceXtr }],
            priced.goods.kind === 'subscription'
              ? { subscription_period: SUBSCRIPTION_PERIOD_SEC }
              : undefined,
          )
          return ok({ link, orderId: order.id, priceXtr: priced.priceXtr })
        } catch (err) {
          log.warn('createInvoiceLink failed', { err: describe(err), item: priced.item.id })
          throw upstream('the invoice')
        }
      },
      {
        auth: true,
        body: t.Object({
          itemId: t.String({ minLength: 1, maxLength: 64 }),
          amount: t.Optional(t.Integer({ minimum: 1, maximum: 10_000_000 })),
        }),
      },
    )
    .post(
      '/api/shop/refund',
      async ({ uid, body }) => {
        if (!telegram) throw disabled()
        unwrap(await checkDeveloper(core, uid))
        const payment = await purchases.findPayment(body.chargeId)
        if (!payment) throw notFound('Unknown payment')
        // Recorded with every payment; older rows name only our user.
        const payerTgId =
          payment.payerTgId ?? (payment.userId ? (await users.get(payment.userId))?.tgId : undefined)
        if (!payerTgId) throw notFound('The payer has no Telegram account')
        try {
          await telegram.bot.api.refundStarPayment(payerTgId, body.chargeId)
        } catch (err) {
          // Refunded already (e.g. by Telegram): the goods still have to go, once.
          if (!(err instanceof GrammyError && /ALREADY_REFUNDED/i.test(err.description))) {
            log.warn('refundStarPayment failed', { err: describe(err), charge: body.chargeId })
            throw upstream('the refund')
          }
        }
        const result = await purchases.refund(body.chargeId, 'bot')
        if (result.status === 'refunded' && result.userId) await economy.publish(result.userId)
        return ok(result)
      },
      { auth: true, body: t.Object({ chargeId: t.String({ minLength: 1, maxLength: 256 }) }) },
    )

  return { routes: new Elysia().use(webhook).use(routes), onStart }
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

const describe = (err: unknown) =>
  err instanceof GrammyError ? { code: err.error_code, description: err.description } : err
