import { useSignals } from '@preact/signals-react/runtime'
import { useEffect } from 'react'
import { localePath } from '../../../shared/paths.ts'
import { useDailyStore } from '../../daily/use-daily-store.ts'
import { Countdown } from '../../daily/views/Countdown.tsx'
import { DailyTable } from '../../daily/views/DailyTable.tsx'
import { formatClock } from '../../game/views/format.ts'
import { useIsland } from '../../shell/context.ts'

/** How many of a daily's top players home shows. */
export const TEASER_TOP = 3

/** SPEC.md §2 home: the daily challenge with its countdown to the results, your best time and the top players. */
export function DailyTeaser() {
  useSignals()
  const { t, props, session, auth } = useIsland()
  const store = useDailyStore()
  // Once signed in: the answer then carries the player's own best attempts.
  const ready = session.status.value === 'ready'
  useEffect(() => {
    if (ready) void store.today()
  }, [store, ready])
  const data = store.data.value
  const dailies = store.visible.value
  return (
    <section className="card daily-teaser" data-testid="daily-teaser" data-ready={data ? 'true' : undefined}>
      <h2>{t('home.daily.title')}</h2>
      <p className="muted">{t('home.daily.text')}</p>
      <p>
        {t('home.daily.endsIn')}{' '}
        <Countdown endsAt={dailies[0]?.endsAt ?? null} now={session.clock.now} testId="daily-countdown" />
      </p>
      {dailies.map((daily) => {
        const top = data?.ratings.find((r) => r.dailyId === daily._id)?.items.slice(0, TEASER_TOP) ?? []
        const mine = data?.bestAttempts.find((a) => a.dailyId === daily._id)
        return (
          <div key={daily._id} className="daily-teaser__daily" data-testid={`teaser-${daily.key}`}>
            <h3>{t(daily.key === 'daily-1' ? 'daily.hardcore' : 'daily.normal')}</h3>
            <p className="small" data-testid="teaser-best">
              {mine
                ? t('home.daily.yourBest', { time: formatClock(mine.timeMs / 1000), rank: mine.rank })
                : t('home.daily.notPlayed')}
            </p>
            {top.length > 0 ? (
              <DailyTable rows={top} uid={auth.uid.value} />
            ) : (
              <p className="muted small">{t('home.daily.nobodyYet')}</p>
            )}
          </div>
        )
      })}
      <a className="button button--ghost" href={localePath(props.lang, '/daily')}>
        {t('home.daily.open')}
      </a>
    </section>
  )
}
