import { useEffect, useState } from 'react'
import { useIsland } from '../shell/context.ts'
import { endSession, listSessions, type SessionView } from './account.ts'
import { useSignOut } from './use-sign-out.ts'

/**
 * The account's live sessions (device, last seen) with "sign out" for each and "sign out
 * everywhere". Ending this browser's own session, or all of them, signs this page out too.
 */
export function SessionsList({ warnNoPassword }: { warnNoPassword: boolean }) {
  const { props, t, api } = useIsland()
  const signOut = useSignOut()
  const [sessions, setSessions] = useState<SessionView[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [busy, setBusy] = useState(false)
  const when = new Intl.DateTimeFormat(props.lang, { dateStyle: 'medium', timeStyle: 'short' })

  async function load() {
    const got = await listSessions(api)
    setFailed(!got.ok)
    if (got.ok) setSessions(got.data.sessions)
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after mount (the browser has the token)
  useEffect(() => {
    void load()
  }, [])

  async function end(session: SessionView) {
    setBusy(true)
    if (session.current) return signOut(false)
    const done = await endSession(api, session.id)
    setBusy(false)
    setFailed(!done.ok)
    await load()
  }

  async function everywhere() {
    setBusy(true)
    await signOut(true)
  }

  return (
    <section className="card sessions" data-testid="sessions">
      <h2>{t('account.sessions')}</h2>
      {sessions === null && !failed && <p className="muted">{t('account.loading')}</p>}
      {failed && (
        <p className="form-error" role="alert">
          {t('account.sessionsFailed')}
        </p>
      )}
      {sessions && (
        <ul className="sessions__list">
          {sessions.map((session) => (
            <li key={session.id} className="sessions__item" data-testid="session">
              <div>
                <div className="sessions__name">
                  <strong>
                    {session.device || t('account.unknownDevice')}
                    {session.kind === 'telegram' && ` · ${t('account.viaTelegram')}`}
                  </strong>
                  {session.current && <span className="pill sessions__this">{t('account.thisDevice')}</span>}
                </div>
                <div className="muted small">
                  {t('account.lastSeen', { when: when.format(session.lastSeenAt) })}
                </div>
              </div>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={busy}
                onClick={() => void end(session)}
              >
                {t('account.signOutSession')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button button--ghost button--danger-text"
        disabled={busy}
        onClick={() => void everywhere()}
        data-testid="signout-everywhere"
      >
        {t('account.signOutEverywhere')}
      </button>
      {warnNoPassword && <p className="muted small">{t('account.noPasswordWarning')}</p>}
    </section>
  )
}
