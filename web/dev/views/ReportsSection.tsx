import { useCallback, useEffect, useState } from 'react'
import { localePath } from '../../../shared/paths.ts'
import type { ReportStatus, WordReport } from '../../../src/reports/repo.ts'
import { call } from '../../api/client.ts'
import { useIsland } from '../../shell/context.ts'
import { Tabs } from '../../ui/Tabs.tsx'

const STATUSES: readonly ReportStatus[] = ['pending', 'accepted', 'rejected']

/** A pending report's two answers, accepting first; rejecting is drawn as the lesser button. */
const DECISIONS = [
  { decision: 'accept', className: 'button button--small' },
  { decision: 'reject', className: 'button button--ghost button--small button--danger-text' },
] as const

/**
 * Missing-word reports for developers (docs/server.md "Missing-word reports"): the queue, oldest
 * first, each accepted (the word becomes playable at once and joins the dictionary overlay) or
 * rejected; a decision applies to every pending report of the word. Decided reports for reference.
 */
export function ReportsSection() {
  const { t, api, props } = useIsland()
  const [status, setStatus] = useState<ReportStatus>('pending')
  const [reports, setReports] = useState<WordReport[] | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  const load = useCallback(async () => {
    const got = await call(() => api.api.dev.reports.get({ query: { status } }))
    setReports(got.ok ? got.data.reports : [])
  }, [api, status])
  useEffect(() => {
    setReports(null)
    void load()
  }, [load])

  async function decide(report: WordReport, decision: 'accept' | 'reject') {
    setBusy(report.id)
    const reportApi = api.api.dev.reports({ id: report.id })
    const got = await (decision === 'accept'
      ? call(() => reportApi.accept.post({}))
      : call(() => reportApi.reject.post()))
    setBusy(null)
    setError(got.ok ? null : t('dev.reports.failed', { message: got.message || got.code }))
    await load()
  }

  const date = (ms: number | null) => (ms === null ? '' : new Date(ms).toLocaleString(props.lang))
  return (
    <section className="card dev-reports" data-testid="dev-reports">
      <h2>{t('dev.reports.title')}</h2>
      <p className="muted small">{t('dev.reports.help')}</p>
      <Tabs
        ids={STATUSES}
        selected={status}
        label={(s) => t(`dev.reports.statuses.${s}`)}
        onSelect={setStatus}
      />
      {error && <p className="form-error">{error}</p>}
      {reports === null ? (
        <p className="muted">{t('app.loading')}</p>
      ) : reports.length === 0 ? (
        <p className="muted" data-testid="dev-reports-empty">
          {t('dev.reports.empty')}
        </p>
      ) : (
        <ul className="dev-news__list">
          {reports.map((r) => (
            <li key={r.id} className="dev-news__item" data-testid="dev-report" data-word={r.word}>
              <div className="dev-news__text">
                <strong>{r.word.toUpperCase()}</strong>
                <span className="dev-news__meta small">
                  {r.lang.toUpperCase()} · {r.dictType} ·{' '}
                  {date(status === 'pending' ? r.createdAt : r.decidedAt)}
                  {r.gameId && (
                    <>
                      {' · '}
                      <a href={localePath(props.lang, `/game/${r.gameId}`)}>{t('dev.reports.game')}</a>
                    </>
                  )}
                </span>
              </div>
              {status === 'pending' && (
                <div className="row">
                  {DECISIONS.map(({ decision, className }) => (
                    <button
                      key={decision}
                      type="button"
                      className={className}
                      disabled={busy !== null}
                      onClick={() => void decide(r, decision)}
                      data-testid={`report-${decision}`}
                    >
                      {t(`dev.reports.${decision}`)}
                    </button>
                  ))}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
