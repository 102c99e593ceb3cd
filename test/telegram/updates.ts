/** Bot API updates as Telegram would post them to the webhook. */
import type { TestServer } from '../server/harness.ts'

let nextUpdateId = 100_000

export interface TgFrom {
  id: number
  first_name: string
  language_code?: string
}

const from = (user: TgFrom) => ({ is_bot: false, ...user })
const chat = (user: TgFrom) => ({ id: user.id, type: 'private', first_name: user.first_name })
const date = () => Math.floor(Date.now() / 1000)

/** A private-chat message from `user` with the given content fields. */
function messageUpdate(user: TgFrom, content: Record<string, unknown>) {
  const updateId = nextUpdateId++
  return {
    update_id: updateId,
    message: { message_id: updateId, date: date(), chat: chat(user), from: from(user), ...content },
  }
}

export function commandUpdate(user: TgFrom, text: string) {
  const command = text.split(' ')[0] as string
  return messageUpdate(user, { text, entities: [{ type: 'bot_command', offset: 0, length: command.length }] })
}

export function preCheckoutUpdate(user: TgFrom, payload: string, totalAmount: number, currency = 'XTR') {
  return {
    update_id: nextUpdateId++,
    pre_checkout_query: {
      id: `pcq-${nextUpdateId}`,
      from: from(user),
      currency,
      total_amount: totalAmount,
      invoice_payload: payload,
    },
  }
}

export function successfulPaymentUpdate(
  user: TgFrom,
  payment: { payload: string; amount: number; chargeId: string; subscriptionExpirationDate?: number },
) {
  const recurring =
    payment.subscriptionExpirationDate === undefined
      ? {}
      : {
          subscription_expiration_date: payment.subscriptionExpirationDate,
          is_first_recurring: true,
          is_recurring: true,
        }
  return messageUpdate(user, {
    successful_payment: {
      currency: 'XTR',
      total_amount: payment.amount,
      invoice_payload: payment.payload,
      telegram_payment_charge_id: payment.chargeId,
      provider_payment_charge_id: '',
      ...recurring,
    },
  })
}

export function refundedPaymentUpdate(
  user: TgFrom,
  payment: { payload: string; amount: number; chargeId: string },
) {
  return messageUpdate(user, {
    refunded_payment: {
      currency: 'XTR',
      total_amount: payment.amount,
      invoice_payload: payment.payload,
      telegram_payment_charge_id: payment.chargeId,
    },
  })
}

/** Posts an update to the webhook with the given secret (Telegram's header). */
export function postUpdate(server: TestServer, update: unknown, secret: string | null) {
  return fetch(`${server.url}/api/telegram/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }),
    },
    body: JSON.stringify(update),
  })
}
