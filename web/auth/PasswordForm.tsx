import { type FormEvent, useId, useState } from 'react'
import type { MessageKey } from '../i18n.ts'
import { useIsland } from '../shell/context.ts'
import { setPassword } from './account.ts'
import { failureKey, PASSWORD_MAX, PASSWORD_MIN } from './signin.ts'

/** "Set a password to play on another device" (or change it): PROTOCOL.md `POST /api/user/password`. */
export function PasswordForm({ hasPassword, onSaved }: { hasPassword: boolean; onSaved(): void }) {
  const { t, api } = useIsland()
  const inputId = useId()
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<{ key: MessageKey; ok: boolean } | null>(null)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const password = String(new FormData(form).get('password') ?? '')
    const length = [...password].length
    if (length < PASSWORD_MIN || length > PASSWORD_MAX)
      return setMessage({ key: 'account.passwordLength', ok: false })
    setBusy(true)
    const saved = await setPassword(api, password)
    setBusy(false)
    if (!saved.ok) return setMessage({ key: failureKey(saved.code), ok: false })
    form.reset()
    setMessage({ key: 'account.passwordSaved', ok: true })
    onSaved()
  }

  return (
    <section className="card">
      <h2>{t('account.password')}</h2>
      <p className="muted small">{t(hasPassword ? 'account.passwordChangeLead' : 'account.passwordLead')}</p>
      <form className="signin-form" onSubmit={submit} noValidate data-testid="password-form">
        {/* Lets a password manager file the password under the account. */}
        <label htmlFor={inputId}>{t('account.newPassword')}</label>
        <input
          id={inputId}
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          aria-invalid={message !== null && !message.ok}
        />
        <small className="muted">{t('account.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}</small>
        {message && (
          <p className={message.ok ? 'form-ok' : 'form-error'} role={message.ok ? 'status' : 'alert'}>
            {t(message.key)}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          {t(hasPassword ? 'account.changePassword' : 'account.setPassword')}
        </button>
      </form>
    </section>
  )
}
