import { type FormEvent, useState } from 'react'
import type { MessageKey } from '../../shared/i18n.ts'
import { useIsland } from '../shell/context.ts'
import { setPassword } from './account.ts'
import { PasswordField } from './PasswordField.tsx'
import { failureKey, PASSWORD_MAX, PASSWORD_MIN } from './signin.ts'

/** "Set a password to play on another device" (or change it): PROTOCOL.md `POST /api/user/password`. */
export function PasswordForm(props: { nickname: string; hasPassword: boolean; onSaved(): void }) {
  const { nickname, hasPassword, onSaved } = props
  const { t, api } = useIsland()
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
        {/* Names the account for a password manager, which files the new password under it. */}
        <input type="text" name="username" autoComplete="username" value={nickname} readOnly hidden />
        <PasswordField
          label={t('account.newPassword')}
          autoComplete="new-password"
          invalid={message !== null && !message.ok}
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
