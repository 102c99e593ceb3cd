import { useSignals } from '@preact/signals-react/runtime'
import { useState } from 'react'
import type { MessageKey } from '../../../shared/i18n.ts'
import { call } from '../../api/client.ts'
import { tierName } from '../../economy/tier.ts'
import type { ShopItem } from '../../session/store.ts'
import { useIsland } from '../../shell/context.ts'
import { ConfirmDialog, Dialog } from '../../ui/Dialog.tsx'
import { Tabs } from '../../ui/Tabs.tsx'

const SHOP_TABS = ['pro', 'coins'] as const
/** The free trial is not a catalogue item; its picture sits beside the catalogue's in public/. */
const TRIAL_IMAGE = '/images/shop/trial.svg'
export type ShopTab = (typeof SHOP_TABS)[number]

/** Shop items carry their texts as locale keys (shop.items.<id>.name); unknown ids show the id. */
function itemText(t: (k: MessageKey) => string, key: string, fallback: string): string {
  const text = t(key as MessageKey)
  return text === key ? fallback : text
}

/** SPEC.md §2 shop: PRO and coins tabs, packs, a custom amount, invite-a-friend. Stars through Telegram. */
export function ShopPanel({ tab: initial, onClose }: { tab: ShopTab; onClose(): void }) {
  useSignals()
  const { t, api, session, host, notices } = useIsland()
  const [tab, setTab] = useState<ShopTab>(initial)
  const [amount, setAmount] = useState(500)
  const [confirmCancel, setConfirmCancel] = useState(false)
  const profile = session.profile.value
  const items = session.shopItems.value
  const { payments, telegramBot } = session.features.value
  // Stars invoices need the server's bot and a buyer with a Telegram id (docs/web.md).
  const canPay = payments && (profile?.tgId ?? 0) !== 0
  const shown = items.filter((i) =>
    tab === 'pro'
      ? i.type === 'subscription' || ('pack' in i && i.pack !== 'coins')
      : 'pack' in i && i.pack === 'coins',
  )

  async function buy(item: ShopItem, custom?: number) {
    const got = await call(() =>
      api.api.shop.invoice.post({ itemId: item.id, ...(custom ? { amount: custom } : {}) }),
    )
    if (!got.ok) {
      notices.add('error', got.code === 'TELEGRAM_REQUIRED' ? t('shop.needsTelegram') : t('shop.failed'))
      return
    }
    if (host.openInvoice) host.openInvoice(got.data.link)
    else window.open(got.data.link, '_blank', 'noopener')
  }

  async function trial() {
    const got = await call(() => api.api.subscription.trial.post())
    notices.add(got.ok ? 'success' : 'error', got.ok ? t('shop.trialStarted') : t('shop.failed'))
  }

  async function cancelSubscription() {
    setConfirmCancel(false)
    const got = await call(() => api.api.subscription.cancel.post())
    notices.add(got.ok ? 'success' : 'error', got.ok ? t('shop.cancelled') : t('shop.failed'))
  }

  async function invite() {
    const got = await call(() => api.api.telegram.invite.post())
    if (!got.ok) {
      notices.add('error', t('shop.failed'))
      return
    }
    if (got.data.sent) notices.add('success', t('shop.inviteSent'))
    else window.open(got.data.botUrl, '_blank', 'noopener')
  }

  /** A buy button where Stars can be paid here; else the price alone (the note above says where to buy). */
  function itemAction(item: ShopItem) {
    const custom = 'custom' in item && item.custom
    if (!canPay)
      return custom ? null : (
        <span className="shop__price" data-testid="price">
          ⭐ {item.priceXtr}
        </span>
      )
    if (!custom)
      return (
        <button type="button" className="button" onClick={() => void buy(item)} data-testid="buy">
          ⭐ {item.priceXtr}
        </button>
      )
    return (
      <div className="inline-form">
        <input
          type="number"
          min={custom.minCoins}
          max={custom.maxCoins}
          value={amount}
          onChange={(e) => setAmount(Number(e.currentTarget.value))}
          aria-label={t('shop.amount')}
        />
        <button type="button" className="button" onClick={() => void buy(item, amount)}>
          {t('shop.buy')}
        </button>
      </div>
    )
  }

  const sub = profile?.subscription
  return (
    <Dialog
      title={t('shop.title')}
      onClose={onClose}
      className="shop"
      actions={
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('actions.close')}
        </button>
      }
    >
      <Tabs ids={SHOP_TABS} selected={tab} label={(id) => t(`shop.tab.${id}`)} onSelect={setTab} />
      {tab === 'pro' && (
        <div className="shop__pro">
          <p className="muted">{t('shop.proText')}</p>
          {sub?.active ? (
            <p>
              {t('shop.active', { tier: tierName(t, sub, session.clock.now()) })}{' '}
              {!sub.cancelled && (
                <button type="button" className="link-button" onClick={() => setConfirmCancel(true)}>
                  {t('shop.cancel')}
                </button>
              )}
            </p>
          ) : (
            sub?.trialAvailable !== false && (
              <div className="shop__item shop__item--trial">
                <img className="shop__image" src={TRIAL_IMAGE} alt="" width={48} height={48} />
                <button type="button" className="button" onClick={() => void trial()}>
                  {t('shop.trial')}
                </button>
              </div>
            )
          )}
        </div>
      )}
      {!canPay && (
        <div className="banner shop__telegram-only" role="note" data-testid="telegram-only">
          <strong>{t('shop.telegramOnly')}</strong>
          <span className="small">{payments ? t('shop.needsTelegram') : t('shop.noBot')}</span>
        </div>
      )}
      <ul className="shop__items">
        {shown.map((item) => (
          <li key={item.id} className="shop__item">
            <img className="shop__image" src={item.image} alt="" width={48} height={48} />
            <div className="shop__text">
              <strong>{itemText(t, item.name, item.id)}</strong>
              <p className="muted small">{itemText(t, item.description, '')}</p>
            </div>
            {itemAction(item)}
          </li>
        ))}
      </ul>
      <section className="shop__invite">
        <h3>{t('shop.inviteTitle')}</h3>
        {telegramBot ? (
          <>
            <p className="muted small">{t('shop.inviteText')}</p>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => void invite()}
              data-testid="invite"
            >
              {t('shop.invite')}
            </button>
          </>
        ) : (
          // Referral coins come with the bot's invite links; without a bot a room link is the way.
          <p className="small" data-testid="invite-by-link">
            {t('shop.inviteByLink')}
          </p>
        )}
      </section>
      {confirmCancel && (
        <ConfirmDialog
          title={t('shop.cancelTitle')}
          confirmLabel={t('shop.cancel')}
          cancelLabel={t('actions.back')}
          danger
          onCancel={() => setConfirmCancel(false)}
          onConfirm={() => void cancelSubscription()}
        />
      )}
    </Dialog>
  )
}
