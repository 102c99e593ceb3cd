import { useEffect, useState } from 'react'
import { formatClock } from '../../game/views/format.ts'
import { localePath } from '../../paths.ts'
import { useIsland } from '../../shell/context.ts'

/** Seconds to the next 00:00 UTC, when the day's results are final (RULES §9). */
export function secondsToUtcMidnight(now: number): number {
  const d = new Date(now)
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)
  return Math.ceil((next - now) / 1000)
}

export function DailyTeaser() {
  const { t, props, session } = useIsland()
  // Rendered on the server without a clock reading, so hydration matches; the count starts once mounted.
  const [left, setLeft] = useState<number | null>(null)
  useEffect(() => {
    const tick = () => setLeft(secondsToUtcMidnight(session.clock.now()))
    tick()
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [session])
  return (
    <section className="card daily-teaser">
      <h2>{t('home.daily.title')}</h2>
      <p className="muted">{t('home.daily.text')}</p>
      <p>
        {t('home.daily.endsIn')}{' '}
        <strong className="mono" data-testid="daily-countdown">
          {left === null ? '--:--:--' : formatClock(left)}
        </strong>
      </p>
      <a className="button button--ghost" href={localePath(props.lang, '/daily')}>
        {t('home.daily.open')}
      </a>
    </section>
  )
}
