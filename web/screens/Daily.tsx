import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useState } from 'react'
import type { DailiesAnswer, DailyView } from '../../src/dailies/types.ts'
import { call } from '../api/client.ts'
import { formatClock } from '../game/views/format.ts'
import { localePath } from '../paths.ts'
import { useSession } from '../session/use-session.ts'
import { useIsland } from '../shell/context.ts'
import { restrictionOf } from '../shop/restriction.ts'
import { ShopGate } from '../shop/ShopGate.tsx'

function Countdown({ endsAt, offset }: { endsAt: number; offset: number }) {
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    const tick = () => setNow(Date.now() + offset)
    tick()
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [offset])
  return <strong className="mono">{now === null ? '--:--:--' : formatClock((endsAt - now) / 1000)}</strong>
}

/** SPEC.md §2 daily challenge: normal and hardcore, countdown to the results, best attempts, top players. */
export function DailyScreen() {
  useSignals()
  const { t, api, props, session, notices } = useIsland()
  useSession()
  const [data, setData] = useState<DailiesAnswer | null>(null)
  const [offset, setOffset] = useState(0)
  const [failed, setFailed] = useState(false)
  const [busy, setBusy] = useState<string | null>(null)

  useEffect(() => {
    void call<DailiesAnswer>(() => api.api.dailies.get({ query: { lang: props.lang } })).then((got) => {
      if (!got.ok) {
        setFailed(true)
        return
      }
      setOffset(got.data.serverTime - Date.now())
      setData(got.data)
    })
  }, [api, props.lang])

  async function play(daily: DailyView) {
    setBusy(daily._id)
    const got = await call<{ gameId: string }>(() => api.api.dailies({ id: daily._id }).attempts.post())
    setBusy(null)
    const restriction = got.ok ? null : restrictionOf(got.code)
    if (got.ok) session.goToGame(got.data.gameId)
    else if (restriction) session.restriction.value = restriction
    else notices.add('error', got.code === 'DAILY_OVER' ? t('daily.over') : t('home.startFailed'))
  }

  const visible = data?.dailies.filter((d) => d.isPublic && d.active) ?? []
  return (
    <section className="screen daily" data-testid="daily">
      <h1>{t('screens.daily')}</h1>
      <p className="muted">{t('daily.lead')}</p>
      {failed && <p className="form-error">{t('errors.network')}</p>}
      {data && visible.length === 0 && <p className="muted">{t('daily.none')}</p>}
      {visible.map((daily) => {
        const mine = data?.bestAttempts.find((a) => a.dailyId === daily._id)
        const table = data?.ratings.find((r) => r.dailyId === daily._id)
        return (
          <article key={daily._id} className="card daily__card">
            <h2>{t(daily.key === 'daily-1' ? 'daily.hardcore' : 'daily.normal')}</h2>
            <p className="muted small">
              {t('daily.against', {
                level: t(`levels.${daily.level}`),
                time: t(`options.time.${daily.timeMode}`),
              })}
            </p>
            <p>
              {t('home.daily.endsIn')} <Countdown endsAt={daily.endsAt} offset={offset} />
            </p>
            {mine ? (
              <p data-testid="best-attempt">
                {t('daily.best', {
                  result: mine.won ? t('daily.won') : t('daily.lost'),
                  turns: mine.turns,
                  time: formatClock(mine.timeMs / 1000),
                  rank: mine.rank,
                })}
                {mine.secret && ` · ${t('daily.secret', { word: mine.secret.toUpperCase() })}`}
              </p>
            ) : (
              <p className="muted">{t('daily.noAttempt')}</p>
            )}
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
                <ol className="rating__list">
                  {table.items.map((row) => (
                    <li key={row.user.id} className="rating__item">
                      <span className="rating__place">{row.rank}</span>
                      <a href={localePath(props.lang, `/game/${row.gameId}`)} className="rating__name">
                        {row.user.name}
                      </a>
                      <span className="muted small">
                        {row.won ? t('daily.won') : t('daily.lost')} · {t('daily.turns', { n: row.turns })}
                      </span>
                      <strong className="rating__value">{formatClock(row.timeMs / 1000)}</strong>
                    </li>
                  ))}
                </ol>
              </>
            )}
          </article>
        )
      })}
      <ShopGate />
    </section>
  )
}
