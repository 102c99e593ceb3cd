import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useState } from 'react'
import { localePath } from '../../shared/paths.ts'
import type { DailyView } from '../../src/dailies/types.ts'
import { call } from '../api/client.ts'
import { useDailyStore } from '../daily/use-daily-store.ts'
import { Countdown } from '../daily/views/Countdown.tsx'
import { DailyTable } from '../daily/views/DailyTable.tsx'
import { OwnBest } from '../daily/views/OwnBest.tsx'
import { useSession } from '../session/use-session.ts'
import { useIsland } from '../shell/context.ts'
import { restrictionOf } from '../shop/restriction.ts'
import { ShopGate } from '../shop/ShopGate.tsx'

/**
 * SPEC.md §2 daily challenge: normal and hardcore, countdown to the results, best attempts, top
 * players, kept live while the screen is open (`daily/update`); the archive of past days.
 */
export function DailyScreen() {
  useSignals()
  const { t, api, props, session, notices, auth } = useIsland()
  useSession()
  const store = useDailyStore()
  const [busy, setBusy] = useState<string | null>(null)

  useEffect(() => {
    void store.today()
    return store.live()
  }, [store])

  async function play(daily: DailyView) {
    setBusy(daily._id)
    const got = await call(() => api.api.dailies({ id: daily._id }).attempts.post())
    setBusy(null)
    const restriction = got.ok ? null : restrictionOf(got.code)
    if (got.ok) session.goToGame(got.data.gameId)
    else if (restriction) session.restriction.value = restriction
    else notices.add('error', got.code === 'DAILY_OVER' ? t('daily.over') : t('home.startFailed'))
  }

  const data = store.data.value
  const visible = store.visible.value
  return (
    <section className="screen daily" data-testid="daily" data-ready={data ? 'true' : undefined}>
      <h1>{t('screens.daily')}</h1>
      <p className="muted">{t('daily.lead')}</p>
      <p>
        <a href={localePath(props.lang, '/daily/archive')} data-testid="archive-link">
          {t('daily.archive.open')}
        </a>
      </p>
      {store.failed.value && <p className="form-error">{t('errors.network')}</p>}
      {data && visible.length === 0 && <p className="muted">{t('daily.none')}</p>}
      {visible.map((daily) => {
        const mine = data?.bestAttempts.find((a) => a.dailyId === daily._id)
        const table = data?.ratings.find((r) => r.dailyId === daily._id)
        return (
          <article key={daily._id} className="card daily__card" data-testid={`daily-${daily.key}`}>
            <h2>{t(daily.key === 'daily-1' ? 'daily.hardcore' : 'daily.normal')}</h2>
            <p className="muted small">
              {t('daily.against', {
                level: t(`levels.${daily.level}`),
                time: t(`options.time.${daily.timeMode}`),
              })}
            </p>
            <p>
              {t('home.daily.endsIn')} <Countdown endsAt={daily.endsAt} now={session.clock.now} />
            </p>
            {mine ? <OwnBest own={mine} /> : <p className="muted">{t('daily.noAttempt')}</p>}
            <button
              type="button"
              className="button"
              disabled={busy !== null}
              onClick={() => void play(daily)}
            >
              {mine ? t('daily.again') : t('daily.play')}
            </button>
            {table && table.items.length > 0 && (
              <>
                <h3>{t('daily.top', { n: table.total })}</h3>
                <DailyTable rows={table.items} uid={auth.uid.value} />
              </>
            )}
          </article>
        )
      })}
      <ShopGate />
    </section>
  )
}
