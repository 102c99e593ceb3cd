import { sql } from 'drizzle-orm'
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { Delivery, Goods, RefundRecord } from '../../economy/goods.ts'
import { ownedBy } from './columns.ts'
import { users } from './users.ts'

/** Every change of a user's coins, so a balance can be explained and a credit never applied twice. */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownedBy('user_id', () => users.id),
    delta: integer('delta').notNull(),
    /** e.g. initial, game, refund, purchase, invite, tutorial, skipResult */
    reason: text('reason').notNull(),
    /** What it was for (game id, payment id…); unique per user and reason when set. */
    reference: text('reference'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('coin_ledger_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('coin_ledger_once_unique')
      .on(table.userId, table.reason, table.reference)
      .where(sql`${table.reference} is not null`),
  ],
)

/** An invoice the server issued: its id is the invoice payload Telegram sends back. */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    itemId: text('item_id').notNull(),
    /** What the order delivers, fixed when the invoice was made (the catalogue may change later). */
    goods: jsonb('goods').$type<Goods>().notNull(),
    /** Stars the invoice asks for. */
    priceXtr: integer('price_xtr').notNull(),
    /** open → paid (a subscription order stays paid while Telegram renews it). */
    status: text('status').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    paidAt: bigint('paid_at', { mode: 'number' }),
  },
  (table) => [index('orders_user_idx').on(table.userId, table.createdAt)],
)

export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Telegram's id of a successful payment: the idempotency key of a credit. */
    telegramPaymentChargeId: text('telegram_payment_charge_id').notNull().unique(),
    providerPaymentChargeId: text('provider_payment_charge_id'),
    /** Null when neither the order nor the payer's Telegram id is known here (support refunds it). */
    userId: text('user_id').references(() => users.id),
    /** Telegram id of the payer: what refundStarPayment needs, whether or not we know the user. */
    payerTgId: bigint('payer_tg_id', { mode: 'number' }),
    itemId: text('item_id').notNull(),
    /** Stars paid. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    orderId: text('order_id'),
    /** What this payment gave, so that a refund takes exactly that back. */
    delivered: jsonb('delivered').$type<Delivery>(),
    refundedAt: bigint('refunded_at', { mode: 'number' }),
    /** What the refund took back (coins already spent cannot be). */
    refund: jsonb('refund').$type<RefundRecord>(),
  },
  (table) => [index('payments_user_idx').on(table.userId, table.createdAt)],
)
