import { useState } from 'react'
import { RestrictionAlert } from '../home/views/RestrictionAlert.tsx'
import { ShopPanel, type ShopTab } from '../home/views/ShopPanel.tsx'

/**
 * The restriction alert (no coins, no free game slot) where the action happened, and the shop it
 * leads to opened right there, so the player comes back to the same screen (game, daily, result).
 * `shop` opens it from elsewhere on the screen (the invitation to PRO).
 */
export function ShopGate({ shop, onShop }: { shop?: ShopTab | null; onShop?(tab: ShopTab | null): void }) {
  const [own, setOwn] = useState<ShopTab | null>(null)
  const tab = shop ?? own
  const open = (next: ShopTab | null) => {
    setOwn(next)
    onShop?.(next)
  }
  return (
    <>
      <RestrictionAlert openShop={open} />
      {tab && <ShopPanel tab={tab} onClose={() => open(null)} />}
    </>
  )
}
