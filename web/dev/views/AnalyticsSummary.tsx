import { useCallback, useEffect, useState } from 'react'
import type { MessageKey } from '../../../shared/i18n.ts'
import type { AnalyticsSummary as Summary } from '../../../src/analytics/model.ts'
import { call } from '../../api/client.ts'
import { useIsland } from '../../shell/context.ts'
import { Select } from '../../ui/Select.tsx'

const PERIODS = [7, 14, 30, 90] as const
const UNKNOWN_ROUTE = '(unknown)'
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

function Bar({ value, max }: { value: number; max: number }) {
  return (
    <span className="dev-bar" aria-hidden="true">
      <span style={{ width: `${max > 0 ? Math.round((value / max) * 100) : 0}%` }} />
    </span>
  )
}

/** A table's head: one column heading per key. */
function HeadRow({ keys }: { keys: readonly MessageKey[] }) {
  const { t } = useIsland()
  return (
    <thead>
      <tr>
        {keys.map((key) => (
          <th key={key} scope="col">
            {t(key)}
          </th>
        ))}
      </tr>
    </thead>
  )
}

/** The operator's analytics for developers (GET /api/analytics/summary): views per day and page, sessions, platforms. */
export function AnalyticsSummary() {
  const { t, api } = useIsland()
  const [days, setDays] = useState<number>(14)
  const [summary, setSummary] = useState<Summary | null>(null)
  const [failed, setFailed] = useState(false)

  const load = useCallback(async () => {
    const got = await call(() => api.api.analytics.summary.get({ query: { days } }))
    setFailed(!got.ok)
    if (got.ok) setSummary(got.data)
  }, [api, days])
  useEffect(() => {
    void load()
  }, [load])

  const totals: [MessageKey, number][] = summary
    ? [
        ['dev.analytics.views', summary.totals.views],
        ['dev.analytics.sessions', summary.totals.sessions],
        ['dev.analytics.users', summary.totals.users],
        ['dev.analytics.errors', summary.totals.errors],
      ]
    : []
  const maxViews = Math.max(0, ...(summary?.byDay.map((d) => d.views) ?? []))
  const maxRoute = Math.max(0, ...(summary?.byRoute.map((r) => r.views) ?? []))
  return (
    <section className="card dev-analytics" data-testid="dev-analytics">
      <header className="card__head">
        <h2>{t('dev.analytics.title')}</h2>
        <div className="row">
          <Select
            className="row"
            label={<span className="small">{t('dev.analytics.days')}</span>}
            value={days}
            values={PERIODS}
            text={String}
            onChange={setDays}
          />
          <button type="button" className="button button--ghost button--small" onClick={() => void load()}>
            {t('dev.analytics.reload')}
          </button>
        </div>
      </header>
      {failed && <p className="form-error">{t('dev.analytics.failed')}</p>}
      {summary && (
        <>
          <p className="muted small">
            {t('dev.analytics.period', {
              n: summary.days,
              from: isoDay(summary.from),
              to: isoDay(summary.to),
            })}
          </p>
          <dl className="stat-grid dev-stats">
            {totals.map(([key, value]) => (
              <div key={key}>
                <dt>{t(key)}</dt>
                <dd className="mono" data-testid={`total-${key.split('.').at(-1)}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          {summary.totals.views === 0 && <p className="muted">{t('dev.analytics.empty')}</p>}
          <h3>{t('dev.analytics.byDay')}</h3>
          <table className="dev-table">
            <HeadRow
              keys={[
                'dev.analytics.day',
                'dev.analytics.views',
                'dev.analytics.sessions',
                'dev.analytics.errors',
              ]}
            />
            <tbody>
              {[...summary.byDay].reverse().map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="mono">
                    {isoDay(d.day).slice(5)}
                  </th>
                  <td className="mono">
                    {d.views} <Bar value={d.views} max={maxViews} />
                  </td>
                  <td className="mono">{d.sessions}</td>
                  <td className="mono">{d.errors}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>{t('dev.analytics.byRoute')}</h3>
          <table className="dev-table" data-testid="dev-routes">
            <HeadRow keys={['dev.analytics.route', 'dev.analytics.views', 'dev.analytics.sessions']} />
            <tbody>
              {summary.byRoute.map((r) => (
                <tr key={r.route}>
                  <th scope="row">{r.route === UNKNOWN_ROUTE ? t('dev.analytics.otherRoutes') : r.route}</th>
                  <td className="mono">
                    {r.views} <Bar value={r.views} max={maxRoute} />
                  </td>
                  <td className="mono">{r.sessions}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>{t('dev.analytics.platforms')}</h3>
          <ul className="dev-platforms">
            {summary.platforms.map((p) => (
              <li key={p.platform}>
                <span>{p.platform}</span> <strong className="mono">{p.sessions}</strong>
              </li>
            ))}
          </ul>
          <p className="muted small">{t('dev.analytics.retention')}</p>
        </>
      )}
    </section>
  )
}
