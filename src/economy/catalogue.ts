import { customCoinsPrice, SHOP } from '../../engine/index.ts'
import type { Goods } from './goods.ts'

interface ItemBase {
  id: string
  /** Locale keys (locales/*.json) so the client shows them in its language. */
  name: string
  description: string
  priceUsd: number
  priceXtr: number
  image: string
}

/**
 * A shop item (SPEC.md §3: type subscription or pack, days or coins). Packs say what they hold in
 * `pack`; slot packs carry `slots`; the custom coin amount carries `custom` and prices the minimum
 * amount (the price grows linearly: ceil(coins · priceXtr / coins) stars).
 */
export type ShopItem =
  | (ItemBase & { type: 'subscription'; days: number })
  | (ItemBase & {
      type: 'pack'
      pack: 'coins'
      coins: number
      custom?: { minCoins: number; maxCoins: number }
    })
  | (ItemBase & { type: 'pack'; pack: 'gameSlots' | 'emojiSlots'; slots: number })

const base = (id: string, priceUsd: number, priceXtr: number): ItemBase => ({
  id,
  name: `shop.items.${id}.name`,
  description: `shop.items.${id}.description`,
  priceUsd,
  priceXtr,
  image: `/images/shop/${id}.svg`,
})

function build(): ShopItem[] {
  const custom = SHOP.customCoins
  const customMin = customCoinsPrice(custom.minCoins)
  if (!customMin) throw new Error('SHOP.customCoins.minCoins is outside its own range')
  return [
    ...SHOP.subscriptions.map(
      (s): ShopItem => ({ ...base(s.id, s.priceUsd, s.priceXtr), type: 'subscription', days: s.days }),
    ),
    ...SHOP.coinPacks.map(
      (p): ShopItem => ({
        ...base(p.id, p.priceUsd, p.priceXtr),
        type: 'pack',
        pack: 'coins',
        coins: p.coins,
      }),
    ),
    {
      ...base(custom.id, customMin.priceUsd, customMin.priceXtr),
      type: 'pack',
      pack: 'coins',
      coins: custom.minCoins,
      custom: { minCoins: custom.minCoins, maxCoins: custom.maxCoins },
    },
    ...SHOP.slotPacks.map(
      (p): ShopItem => ({
        ...base(p.id, p.priceUsd, p.priceXtr),
        type: 'pack',
        pack: p.kind === 'game' ? 'gameSlots' : 'emojiSlots',
        slots: p.slots,
      }),
    ),
  ]
}

const CATALOGUE: readonly ShopItem[] = Object.freeze(build())
const BY_ID = new Map(CATALOGUE.map((item) => [item.id, item]))

/** The one catalogue: /api/init's shop.items, invoices and pre-checkout all read it. */
export function shopCatalogue(): ShopItem[] {
  return [...CATALOGUE]
}

export function findShopItem(id: string): ShopItem | undefined {
  return BY_ID.get(id)
}

export interface PricedGoods {
  item: ShopItem
  goods: Goods
  priceXtr: number
}

/**
 * What buying `id` (with `amount` coins for the custom item) delivers and costs, or why not.
 * `amount` is refused on every other item so a client cannot believe it bought a different count.
 */
export function priceOf(id: string, amount?: number): PricedGoods | { error: string } {
  const item = findShopItem(id)
  if (!item) return { error: 'Unknown shop item' }
  if (item.type === 'pack' && item.pack === 'coins' && item.custom) {
    const price = amount === undefined ? null : customCoinsPrice(amount)
    if (!price || amount === undefined)
      return {
        error: `amount must be a whole number of coins from ${item.custom.minCoins} to ${item.custom.maxCoins}`,
      }
    return { item, goods: { kind: 'coins', coins: amount }, priceXtr: price.priceXtr }
  }
  if (amount !== undefined) return { error: 'amount is only for the custom coin amount' }
  if (item.type === 'subscription') {
    const sub = SHOP.subscriptions.find((s) => s.id === item.id)
    if (!sub) return { error: 'Unknown subscription' }
    return { item, goods: { kind: 'subscription', id: sub.id, days: sub.days }, priceXtr: item.priceXtr }
  }
  if (item.pack === 'coins')
    return { item, goods: { kind: 'coins', coins: item.coins }, priceXtr: item.priceXtr }
  return { item, goods: { kind: item.pack, slots: item.slots }, priceXtr: item.priceXtr }
}
