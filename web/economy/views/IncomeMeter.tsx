import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useRef, useState } from 'react'
import type { Lang, Translate } from '../../../shared/i18n.ts'
import { call } from '../../api/client.ts'
import { plural, pluralCategory } from '../../plural.ts'
import { useIsland } from '../../shell/context.ts'
import { flyCoins } from '../coin-flight.ts'
import { incomeAt, incomeRate } from '../income.ts'
import { Coin } from './Coin.tsx'

const TICK_MS = 1000

/**
 * "in 14 minutes" in the page's language, from our own texts: Intl.RelativeTimeFormat would say
 * the same but costs ~40 ms to make on a desktop (four times that on a phone) in the first render.
 */
function inTime(t: Translate, lang: Lang, sec: number): string {
  if (sec < 60) return plural(t, lang, 'income.in.seconds', sec)
  const minutes = Math.ceil(sec / 60)
  if (minutes < 60) return plural(t, lang, 'income.in.minutes', minutes)
  const hours = Math.round(sec / 360) / 10
  // Plural rules read the number; the text shows it with the language's decimal mark.
  const category = pluralCategory(lang, hours)
  const shown = lang === 'en' ? String(hours) : String(hours).replace('.', ',')
  return t(`income.in.hours.${category}`, { n: shown })
}

/**
 * Income (SPEC.md §3): a counter filling at amount/interval up to the maximum, on the server's
 * clock; read fresh once the session is in (`refresh-income`), collected with `charge-income`, and
 * the coins fly to the balance.
 */
export function IncomeMeter() {
  useSignals()
  const { t, api, session, notices, sounds, props } = useIsland()
  const profile = session.profile.value
  const ready = session.status.value === 'ready'
  const [, setTick] = useState(0)
  const [busy, setBusy] = useState(false)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!ready) return
    void call(() => api.api.user['refresh-income'].get()).then((got) => {
      const current = session.profile.value
      if (got.ok && current) session.profile.value = { ...current, ...got.data }
    })
  }, [ready, api, session])

  useEffect(() => {
    const id = setInterval(() => setTick((n) => n + 1), TICK_MS)
    return () => clearInterval(id)
  }, [])

  if (!profile) return null
  const now = session.clock.now()
  const income = incomeAt(profile.income, profile.subscription, now)
  const rate = incomeRate(profile.subscription, now)

  async function collect() {
    setBusy(true)
    const got = await call(() => api.api.user['charge-income'].get())
    setBusy(false)
    const current = session.profile.value
    if (!got.ok || !current) {
      notices.add('error', t('income.failed'))
      return
    }
    const { charged, ...view } = got.data
    session.profile.value = { ...current, ...view }
    if (charged > 0) {
      sounds.play('counterClick')
      flyCoins(button.current, charged)
      notices.add('success', t('income.collected', { n: charged }))
    }
  }

  return (
    <section className="card income" data-testid="income" aria-labelledby="income-title">
      <div className="income__head">
        <h2 id="income-title">{t('income.title')}</h2>
        <span className="muted small">
          {t(rate.interval >= 86400 ? 'income.perDay' : 'income.perHour', { n: rate.amount })}
        </span>
      </div>
      <div className="income__row">
        <div className="income__meter">
          <progress
            className="income__bar"
            aria-label={t('income.title')}
            max={income.max}
            value={income.amount}
          />
          <p className="small">
            <strong data-testid="income-amount">
              <Coin /> {income.amount.toFixed(2)} / {income.max}
            </strong>{' '}
            <span className="muted">
              {income.nextCoinSec === null
                ? t('income.full')
                : t('income.nextCoin', { when: inTime(t, props.lang, income.nextCoinSec) })}
            </span>
          </p>
        </div>
        <button
          ref={button}
          type="button"
          className="button"
          disabled={busy || income.collectable < 1}
          onClick={() => void collect()}
          data-testid="income-collect"
        >
          {income.collectable > 0 ? t('income.collect', { n: income.collectable }) : t('income.collectNone')}
        </button>
      </div>
    </section>
  )
}
