import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.ts'
import { orders, payments } from '../../db/schema/index.ts'
import type { Delivery, Goods, RefundRecord } from '../goods.ts'

export type OrderStatus = 'open' | 'paid'

export interface Order {
  id: string
  userId: string
  itemId: string
  goods: Goods
  priceXtr: number
  status: OrderStatus
  createdAt: number
  paidAt: number | null
}

export async function insertOrder(ex: Executor, order: Order): Promise<void> {
  await ex.insert(orders).values(order)
}

export async function findOrder(ex: Executor, id: string, lock = false): Promise<Order | null> {
  const query = ex.select().from(orders).where(eq(orders.id, id)).limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row ? { ...row, status: row.status as OrderStatus } : null
}

export async function markOrderPaid(ex: Executor, id: string, now: number): Promise<void> {
  await ex
    .update(orders)
    .set({ status: 'paid', paidAt: sql`coalesce(${orders.paidAt}, ${now})` })
    .where(eq(orders.id, id))
}

export interface PaymentInput {
  telegramPaymentChargeId: string
  providerPaymentChargeId: string | null
  userId: string | null
  payerTgId: number
  itemId: string
  orderId: string | null
  amount: number
  currency: string
  payload: Record<string, unknown>
  createdAt: number
}

/** Records a payment once per charge id: false when Telegram delivered it before. */
export async function insertPayment(ex: Executor, payment: PaymentInput): Promise<boolean> {
  const rows = await ex
    .insert(payments)
    .values(payment)
    .onConflictDoNothing({ target: payments.telegramPaymentChargeId })
    .returning({ id: payments.id })
  return rows.length > 0
}

export async function setDelivered(ex: Executor, chargeId: string, delivered: Delivery): Promise<void> {
  await ex.update(payments).set({ delivered }).where(eq(payments.telegramPaymentChargeId, chargeId))
}

export interface PaymentRow {
  telegramPaymentChargeId: string
  userId: string | null
  payerTgId: number | null
  itemId: string
  orderId: string | null
  amount: number
  delivered: Delivery | null
  refundedAt: number | null
  refund: RefundRecord | null
  createdAt: number
}

const paymentColumns = {
  telegramPaymentChargeId: payments.telegramPaymentChargeId,
  userId: payments.userId,
  payerTgId: payments.payerTgId,
  itemId: payments.itemId,
  orderId: payments.orderId,
  amount: payments.amount,
  delivered: payments.delivered,
  refundedAt: payments.refundedAt,
  refund: payments.refund,
  createdAt: payments.createdAt,
}

export async function findPayment(ex: Executor, chargeId: string): Promise<PaymentRow | null> {
  const [row] = await ex
    .select(paymentColumns)
    .from(payments)
    .where(eq(payments.telegramPaymentChargeId, chargeId))
    .limit(1)
  return row ?? null
}

/**
 * Marks a payment refunded; only the first caller gets the row back, so a refund that both our
 * refundStarPayment call and Telegram's refunded_payment update report is applied once.
 */
export async function claimRefund(ex: Executor, chargeId: string, now: number): Promise<PaymentRow | null> {
  const [row] = await ex
    .update(payments)
    .set({ refundedAt: now })
    .where(and(eq(payments.telegramPaymentChargeId, chargeId), isNull(payments.refundedAt)))
    .returning(paymentColumns)
  return row ?? null
}

export async function setRefund(ex: Executor, chargeId: string, refund: RefundRecord): Promise<void> {
  await ex.update(payments).set({ refund }).where(eq(payments.telegramPaymentChargeId, chargeId))
}

/** The charge of the user's latest subscription payment that was not refunded (to stop renewals). */
export async function latestSubscriptionCharge(ex: Executor, userId: string): Promise<string | null> {
  const [row] = await ex
    .select({ id: payments.telegramPaymentChargeId })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        isNull(payments.refundedAt),
        sql`${payments.delivered} -> 'subscription' is not null and ${payments.delivered} -> 'subscription' <> 'null'::jsonb`,
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1)
  return row?.id ?? null
}
