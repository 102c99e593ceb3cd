import { SHOP } from '../../engine/index.ts'

/**
 * A shop item (SPEC.md §3). `name` and `description` are locale keys (locales/*.json) so that
 * the client shows them in its language.
 */
export type ShopItem =
  | {
      type: 'subscription'
      id: string
      name: string
      description: string
      priceUsd: number
      priceXtr: number
      days: number
      image: string
    }
  | {
      type: 'pack'
      id: string
      name: string
      description: string
      priceUsd: number
      priceXtr: number
      coins: number
      image: string
    }

/** The one catalogue: /api/init's shop.items and invoices both read it. */
export function shopCatalogue(): ShopItem[] {
  return [
    ...SHOP.subscriptions.map(
      (s): ShopItem => ({
        type: 'subscription',
        id: s.id,
        name: `shop.items.${s.id}.name`,
        description: `shop.items.${s.id}.description`,
        priceUsd: s.priceUsd,
        priceXtr: s.priceXtr,
        days: s.days,
        image: `/images/shop/${s.id}.png`,
      }),
    ),
    ...SHOP.coinPacks.map(
      (p): ShopItem => ({
        type: 'pack',
        id: p.id,
        name: `shop.items.${p.id}.name`,
        description: `shop.items.${p.id}.description`,
        priceUsd: p.priceUsd,
        priceXtr: p.priceXtr,
        coins: p.coins,
        image: `/images/shop/${p.id}.png`,
      }),
    ),
  ]
}

export function findShopItem(id: string): ShopItem | undefined {
  return shopCatalogue().find((item) => item.id === id)
}

/** Stars for a custom coin amount (at least one star). */
export function customCoinsPriceXtr(coins: number): number {
  return Math.max(1, Math.ceil(coins * SHOP.customCoinXtrPerCoin))
}
