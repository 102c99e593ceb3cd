import { useState } from 'react'
import { call } from '../api/client.ts'
import type { AuthPair } from '../auth/cookie.ts'
import { LANGS } from '../i18n.ts'
import { localePath } from '../paths.ts'
import { useIsland, useReadyOnMount } from '../shell/context.ts'

const PAGES = ['/', '/daily', '/tutor', '/rating', '/signin', '/settings', '/tutorial', '/profile'] as const

/** The developer page: every route in every language, and dev sign-in when the server runs with DEV=1. */
export function DevScreen() {
  const { t, api, auth, host, props } = useIsland()
  useReadyOnMount()
  const [message, setMessage] = useState<string | null>(null)

  async function devSignIn() {
    const got = await call<{ auth: AuthPair }>(() => api.api.auth['dev-signin'].post({}))
    if (got.ok) {
      auth.signIn(got.data.auth)
      host.navigate(localePath(props.lang, '/'))
    } else setMessage(got.code === 'NOT_FOUND' ? t('dev.disabled') : t('signin.failed'))
  }

  return (
    <section className="screen dev" data-testid="dev">
      <h1>{t('screens.dev')}</h1>
      <section className="card">
        <h2>{t('dev.routes')}</h2>
        <table className="dev__routes">
          <tbody>
            {PAGES.map((path) => (
              <tr key={path}>
                <th scope="row">{path}</th>
                {LANGS.map((lang) => (
                  <td key={lang}>
                    <a href={localePath(lang, path)}>{lang}</a>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="card">
        <h2>{t('dev.signIn')}</h2>
        <p className="muted small">{t('dev.signInHelp')}</p>
        <button type="button" className="button" onClick={() => void devSignIn()}>
          {t('dev.signIn')}
        </button>
        {message && <p className="form-error">{message}</p>}
      </section>
    </section>
  )
}
