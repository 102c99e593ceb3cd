import { COIN_TARGET } from './coin-target.ts'

const MAX_COINS = 6

/**
 * Coins fly from `from` to the balance (SPEC.md's "coins fly to the balance"): a few fixed-position
 * coins animated with the Web Animations API, removed when they land; the balance pulses. Nothing
 * moves with reduced motion or without the API (the balance still changes).
 */
export function flyCoins(from: Element | null, count: number): void {
  const to = document.querySelector(`[${COIN_TARGET}]`)
  if (!from || !to) return
  to.classList.remove('coin-target--pulse')
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
  const canAnimate = typeof HTMLElement.prototype.animate === 'function'
  if (reduced || !canAnimate) {
    to.classList.add('coin-target--pulse')
    return
  }
  const a = from.getBoundingClientRect()
  const b = to.getBoundingClientRect()
  const dx = b.left + b.width / 2 - (a.left + a.width / 2)
  const dy = b.top + b.height / 2 - (a.top + a.height / 2)
  const n = Math.max(1, Math.min(MAX_COINS, count))
  // Copies of the balance's own drawn coin (views/Coin.tsx).
  const icon = to.querySelector('svg.coin')
  for (let i = 0; i < n; i++) {
    const coin = document.createElement('span')
    coin.className = 'coin-flight'
    if (icon) coin.append(icon.cloneNode(true))
    coin.setAttribute('aria-hidden', 'true')
    coin.style.left = `${a.left + a.width / 2}px`
    coin.style.top = `${a.top + a.height / 2}px`
    document.body.append(coin)
    const lift = -40 - i * 6
    const animation = coin.animate(
      [
        { transform: 'translate(-50%, -50%) scale(1)', opacity: 1 },
        {
          transform: `translate(calc(-50% + ${dx / 2}px), calc(-50% + ${dy / 2 + lift}px)) scale(1.2)`,
          opacity: 1,
        },
        { transform: `translate(calc(-50% + ${dx}px), calc(-50% + ${dy}px)) scale(0.6)`, opacity: 0.4 },
      ],
      { duration: 650, delay: i * 80, easing: 'ease-in', fill: 'forwards' },
    )
    animation.onfinish = () => {
      coin.remove()
      if (i === n - 1) to.classList.add('coin-target--pulse')
    }
  }
}
