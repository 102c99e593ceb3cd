import { type FormEvent, useEffect, useId, useState } from 'react'
import type { AuthPair } from '../../shared/auth-cookie.ts'
import type { MessageKey } from '../../shared/i18n.ts'
import { useIsland } from '../shell/context.ts'
import { PasswordField } from './PasswordField.tsx'
import { failureKey, normalizeNickname, signInWithNickname } from './signin.ts'

/**
 * Sign-in by nickname (PROTOCOL.md Auth): a free nickname starts a new player; a taken one opens
 * with its password (or, unseen, this browser's device key cookie). A "taken" answer opens the
 * password field, since that is what the player needs next.
 */
export function NicknameForm({ onSignedIn }: { onSignedIn(auth: AuthPair): void }) {
  const { props, t, api } = useIsland()
  const nicknameId = useId()
  const hintId = useId()
  const [withPassword, setWithPassword] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<MessageKey | null>(null)
  // Until hydrated the button is off: before that a press would submit the form natively (a page
  // reload that loses the nickname). The fields are uncontrolled, so text typed meanwhile stays.
  const [live, setLive] = useState(false)
  useEffect(() => setLive(true), [])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const nickname = normalizeNickname(String(form.get('nickname') ?? ''))
    if (!nickname) return setError('signin.invalidNickname')
    const password = withPassword ? String(form.get('password') ?? '') : undefined
    if (password === '') return setError('signin.passwordMissing')
    setBusy(true)
    setError(null)
    const outcome = await signInWithNickname(api, { nickname, ...(password ? { password } : {}) }, props.lang)
    if (outcome.ok) return onSignedIn(outcome.data.auth)
    setBusy(false)
    setError(failureKey(outcome.code))
    if (outcome.code === 'NICKNAME_TAKEN') setWithPassword(true)
  }

  const nicknameError = error === 'signin.invalidNickname' || error === 'signin.invisibleNickname'
  return (
    <form className="signin-form" onSubmit={submit} noValidate data-testid="nickname-form">
      <p className="muted">{t(withPassword ? 'signin.leadPassword' : 'signin.lead')}</p>
      <label htmlFor={nicknameId}>{t('signin.nickname')}</label>
      <input
        id={nicknameId}
        name="nickname"
        autoComplete={withPassword ? 'username' : 'nickname'}
        maxLength={24}
        aria-describedby={hintId}
        aria-invalid={nicknameError || error === 'signin.mixedScripts'}
      />
      <small id={hintId} className="muted">
        {t('signin.nicknameHint')}
      </small>
      {withPassword && (
        <PasswordField
          label={t('signin.password')}
          autoComplete="current-password"
          invalid={error === 'signin.badCredentials' || error === 'signin.passwordMissing'}
        />
      )}
      {error && (
        <p className="form-error" role="alert">
          {t(error)}
        </p>
      )}
      <button type="submit" className="button" disabled={!live || busy}>
        {busy ? t('signin.submitting') : t(withPassword ? 'signin.submitPassword' : 'signin.submit')}
      </button>
      <button
        type="button"
        className="button button--ghost"
        disabled={!live || busy}
        onClick={() => {
          setWithPassword(!withPassword)
          setError(null)
        }}
      >
        {t(withPassword ? 'signin.newPlayer' : 'signin.havePassword')}
      </button>
    </form>
  )
}
