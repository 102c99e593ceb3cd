import { useState } from 'react'
import type { SubscriptionId } from '../../../engine/index.ts'
import type { Profile } from '../../../src/users/profile.ts'
import { call, type Outcome } from '../../api/client.ts'
import { useIsland } from '../../shell/context.ts'

type Subscription = Profile['subscription']
const GIVE: readonly SubscriptionId[] = ['pro', 'proplus']

/** The dev-only subscription calls (SPEC.md §4): POST/DELETE /api/subscription/devsub (DEV=1 servers). */
export function DevSubscription({ devMode }: { devMode: boolean }) {
  const { t, api, props } = useIsland()
  const [now, setNow] = useState<Subscription | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function run<T extends { subscription: Subscription }>(request: Promise<Outcome<T>>) {
    setBusy(true)
    const got = await request
    setBusy(false)
    if (got.ok) {
      setNow(got.data.subscription)
      setError(null)
    } else setError(t('dev.sub.failed', { code: got.code }))
  }

  const tierName = (s: Subscription) => t(`tiers.${s.active && s.id ? s.id : 'default'}`)
  return (
    <section className="card" data-testid="dev-subscription">
      <h2>{t('dev.sub.title')}</h2>
      <p className="muted small">{devMode ? t('dev.sub.help') : t('dev.sub.offServer')}</p>
      <div className="row">
        {GIVE.map((id) => (
          <button
            key={id}
            type="button"
            className="button"
            disabled={!devMode || busy}
            onClick={() => void run(call(() => api.api.subscription.devsub.post({ id })))}
          >
            {t('dev.sub.give', { tier: t(`tiers.${id}`) })}
          </button>
        ))}
        <button
          type="button"
          className="button button--ghost"
          disabled={!devMode || busy}
          onClick={() => void run(call(() => api.api.subscription.devsub.delete()))}
        >
          {t('dev.sub.remove')}
        </button>
      </div>
      {now && (
        <p role="status" data-testid="dev-subscription-now">
          {t('dev.sub.now', { tier: tierName(now) })}
          {now.active && now.expiresAt
            ? ` ${t('dev.sub.until', { date: new Date(now.expiresAt).toLocaleDateString(props.lang) })}`
            : ''}
        </p>
      )}
      {error && <p className="form-error">{error}</p>}
    </section>
  )
}
