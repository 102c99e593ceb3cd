import { useState } from 'react'
import { localePath } from '../../../shared/paths.ts'
import { call } from '../../api/client.ts'
import { useIsland } from '../../shell/context.ts'

/** Dev sign-in (DEV=1 servers only), optionally as a Telegram id: a developer when DEV_TG_IDS lists it. */
export function DevSignIn() {
  const { t, api, auth, host, props } = useIsland()
  const [tgId, setTgId] = useState('')
  const [message, setMessage] = useState<string | null>(null)

  async function devSignIn() {
    const id = Number(tgId.trim())
    const body = tgId.trim() && Number.isSafeInteger(id) && id > 0 ? { tgId: id } : {}
    const got = await call(() => api.api.auth['dev-signin'].post(body))
    if (got.ok) {
      auth.signIn(got.data.auth)
      host.navigate(localePath(props.lang, '/'))
    } else setMessage(got.code === 'NOT_FOUND' ? t('dev.disabled') : t('signin.failed'))
  }

  return (
    <section className="card">
      <h2>{t('dev.signIn')}</h2>
      <p className="muted small">{t('dev.signInHelp')}</p>
      <label className="dev-field">
        <span>{t('dev.signInTgId')}</span>
        <input
          name="tgId"
          inputMode="numeric"
          autoComplete="off"
          value={tgId}
          onChange={(e) => setTgId(e.target.value.replace(/\D/g, ''))}
        />
        <span className="muted small">{t('dev.signInTgIdHelp')}</span>
      </label>
      <button type="button" className="button" onClick={() => void devSignIn()}>
        {t('dev.signIn')}
      </button>
      {message && <p className="form-error">{message}</p>}
    </section>
  )
}
