import { useSignals } from '@preact/signals-react/runtime'
import { useState } from 'react'
import { COINS, TIERS } from '../../../engine/index.ts'
import type { EconomyView } from '../../../src/economy/view.ts'
import { call, type Outcome } from '../../api/client.ts'
import { Sheet } from '../../game/views/Sheet.tsx'
import { useIsland } from '../../shell/context.ts'
import { restrictionOf } from '../../shop/restriction.ts'
import { REACTION_CHOICES } from '../reactions.ts'

/**
 * The reaction-slot editor (SPEC.md §7 /api/user/intercom): as many slots as the capacity (tier
 * 3 / 7 / 12 plus bought emoji-slot packs); an empty slot takes a reaction for 5 coins, a filled
 * one can be cleared for free. Reactions beyond the capacity (after PRO ended) stay listed, marked
 * unused in games, and can be cleared.
 */
export function ReactionSlots() {
  useSignals()
  const { t, api, session, notices } = useIsland()
  const [picking, setPicking] = useState(false)
  const [busy, setBusy] = useState(false)
  const profile = session.profile.value
  if (!profile) return null
  const { intercomSlots: slots, intercomSlotsCapacity: capacity } = profile
  const shown = Math.max(capacity, slots.length)

  async function change<T extends Partial<EconomyView>>(request: Promise<Outcome<T>>, ok: string) {
    setBusy(true)
    const got = await request
    setBusy(false)
    const current = session.profile.value
    if (got.ok && current) {
      session.profile.value = { ...current, ...got.data }
      notices.add('success', ok)
      return
    }
    const restriction = got.ok ? null : restrictionOf(got.code)
    if (restriction) session.restriction.value = restriction
    else if (!got.ok && got.code === 'NO_INTERCOM_SLOTS') notices.add('error', t('reactions.noSlot'))
    else if (!got.ok && got.code === 'INTERCOM_DUPLICATE') notices.add('error', t('reactions.duplicate'))
    else notices.add('error', t('shop.failed'))
  }

  const choose = (emoji: string) => {
    setPicking(false)
    void change(
      call(() => api.api.user.intercom.post({ slotValue: emoji })),
      t('reactions.saved', { emoji }),
    )
  }
  const clear = (index: number) =>
    void change(
      call(() => api.api.user.intercom.delete({ slotIndex: index })),
      t('reactions.cleared'),
    )

  return (
    <section className="card reaction-slots" id="reactions" data-testid="reaction-slots">
      <h2>{t('reactions.title')}</h2>
      <p className="muted small">
        {t('reactions.capacity', {
          used: Math.min(slots.length, capacity),
          n: capacity,
          pro: TIERS.pro.intercomSlots,
          proplus: TIERS.proplus.intercomSlots,
        })}
      </p>
      <ol className="reaction-slots__list">
        {Array.from({ length: shown }, (_, i) => {
          const emoji = slots[i]
          const unused = i >= capacity
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a slot is its position
            <li key={i} className={`reaction-slot ${unused ? 'reaction-slot--unused' : ''}`}>
              {emoji ? (
                <>
                  <span className="reaction-slot__emoji" data-testid={`reaction-slot-${i}`}>
                    {emoji}
                  </span>
                  <button
                    type="button"
                    className="reaction-slot__clear"
                    aria-label={t('reactions.clear', { n: i + 1 })}
                    disabled={busy}
                    onClick={() => clear(i)}
                    data-testid={`reaction-clear-${i}`}
                  >
                    ×
                  </button>
                </>
              ) : i === slots.length ? (
                // The server fills the first free slot: only that one takes a reaction.
                <button
                  type="button"
                  className="reaction-slot__add"
                  aria-label={t('reactions.choose', { n: i + 1 })}
                  disabled={busy}
                  onClick={() => setPicking(true)}
                  data-testid={`reaction-add-${i}`}
                >
                  +
                </button>
              ) : (
                <span className="reaction-slot__empty" />
              )}
            </li>
          )
        })}
      </ol>
      {slots.length > capacity && <p className="muted small">{t('reactions.unused')}</p>}
      {picking && (
        <Sheet title={t('reactions.pick')} onClose={() => setPicking(false)} testId="reaction-picker">
          <p className="muted small">{t('reactions.cost', { n: COINS.perEmoji })}</p>
          <div className="reactions-panel">
            {REACTION_CHOICES.filter((e) => !slots.includes(e)).map((emoji) => (
              <button type="button" key={emoji} className="reaction-choice" onClick={() => choose(emoji)}>
                {emoji}
              </button>
            ))}
          </div>
        </Sheet>
      )}
    </section>
  )
}
