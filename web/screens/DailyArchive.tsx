import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useState } from 'react'
import { localePath } from '../../shared/paths.ts'
import { archiveDayFrom, lastFinalDay, shiftDay } from '../daily/days.ts'
import { useDailyStore } from '../daily/use-daily-store.ts'
import { DailyTable } from '../daily/views/DailyTable.tsx'
import { OwnBest } from '../daily/views/OwnBest.tsx'
import { useSession } from '../session/use-session.ts'
import { useIsland } from '../shell/context.ts'

/**
 * The daily archive (GET /api/dailies/arhive): pick a past day, see its final ranking and your own
 * best attempt there. The day rides in the address (`?day=`), so a day can be linked to.
 */
export function DailyArchiveScreen() {
  useSignals()
  const { t, props, session, auth } = useIsland()
  useSession()
  const store = useDailyStore()
  // Read once mounted: the server renders without the query or a clock.
  const [day, setDay] = useState<string | null>(null)
  const latest = lastFinalDay(session.clock.now())

  useEffect(() => {
    setDay(archiveDayFrom(location.search, session.clock.now()) ?? lastFinalDay(session.clock.now()))
  }, [session])

  useEffect(() => {
    if (!day) return
    void store.archive(day)
    const url = new URL(location.href)
    url.searchParams.set('day', day)
    history.replaceState(history.state, '', url)
  }, [store, day])

  const data = store.data.value
  const shown = data && data.day === day ? data : null
  const pick = (next: string) => {
    if (next && next <= latest) setDay(next)
  }
  return (
    <section className="screen daily daily-archive" data-testid="daily-archive" data-day={shown?.day}>
      <h1>{t('daily.archive.title')}</h1>
      <p>
        <a href={localePath(props.lang, '/daily')}>{t('daily.archive.today')}</a>
      </p>
      <div className="card daily-archive__picker">
        <button
          type="button"
          className="button button--ghost"
          disabled={!day}
          onClick={() => day && pick(shiftDay(day, -1))}
          aria-label={t('daily.archive.previous')}
          data-testid="archive-previous"
        >
          ‹
        </button>
        <label>
          <span className="visually-hidden">{t('daily.archive.day')}</span>
          <input
            type="date"
            value={day ?? ''}
            max={latest}
            onChange={(e) => pick(e.currentTarget.value)}
            data-testid="archive-day"
          />
        </label>
        <button
          type="button"
          className="button button--ghost"
          disabled={!day || day >= latest}
          onClick={() => day && pick(shiftDay(day, 1))}
          aria-label={t('daily.archive.next')}
          data-testid="archive-next"
        >
          ›
        </button>
      </div>
      {store.failed.value && <p className="form-error">{t('errors.network')}</p>}
      {shown && shown.dailies.length === 0 && <p className="muted">{t('daily.archive.none')}</p>}
      {shown?.dailies.map((daily) => {
        const mine = shown.bestAttempts.find((a) => a.dailyId === daily._id)
        const table = shown.ratings.find((r) => r.dailyId === daily._id)
        return (
          <article key={daily._id} className="card daily__card" data-testid={`archive-${daily.key}`}>
            <h2>{t(daily.key === 'daily-1' ? 'daily.hardcore' : 'daily.normal')}</h2>
            {mine ? <OwnBest own={mine} attempts /> : <p className="muted">{t('daily.archive.noAttempt')}</p>}
            {table && table.items.length > 0 ? (
              <>
                <h3>{t('daily.top', { n: table.total })}</h3>
                <DailyTable rows={table.items} uid={auth.uid.value} />
              </>
            ) : (
              <p className="muted">{t('daily.archive.nobody')}</p>
            )}
          </article>
        )
      })}
    </section>
  )
}
