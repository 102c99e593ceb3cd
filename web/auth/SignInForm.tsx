import { type FormEvent, useEffect, useId, useState } from 'react'
import type { Outcome } from '../api/client.ts'
import type { MessageKey } from '../i18n.ts'
import { useIsland } from '../shell/context.ts'
import type { AuthPair } from './cookie.ts'
import { normalizeNickname, signInWithNickname, signInWithTelegram, signInWithWidget } from './signin.ts'
import { TelegramLoginWidget } from './TelegramLoginWidget.tsx'

type Status = 'idle' | 'busy' | 'telegram'

function failureKey(code: string): MessageKey {
  if (code === 'NETWORK') return 'errors.network'
  if (code === 'BAD_REQUEST') return 'signin.invalidNickname'
  return 'signin.failed'
}

/**
 * The sign-in form: nickname, the Telegram Login Widget when the server names a bot, and Telegram
 * init data when the page runs in the Mini App. Signed in, the visitor goes to `target` (the page
 * decides where: home, or the page that sent them here).
 */
export function SignInForm({ target }: { target: string }) {
  const { props, host, t, api, auth } = useIsland()
  const inputId = useId()
  const hintId = useId()
  // 'idle' on the server and at hydration alike; a Telegram visitor switches once mounted.
  const [status, setStatus] = useState<Status>('idle')
  // Until hydrated the button is off: before that a press would submit the form natively (a page
  // reload that loses the nickname). The field is uncontrolled, so text typed meanwhile stays.
  const [live, setLive] = useState(false)
  useEffect(() => setLive(true), [])
  const [error, setError] = useState<MessageKey | null>(null)

  function finish(outcome: Outcome<{ auth: AuthPair }>) {
    if (outcome.ok) {
      auth.signIn(outcome.data.auth)
      host.navigate(target)
      return
    }
    setStatus('idle')
    setError(failureKey(outcome.code))
  }

  // A Telegram visitor sent here by the server still has the launch data: sign in with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page; the island's host never changes
  useEffect(() => {
    if (!host.launch) return
    setStatus('telegram')
    signInWithTelegram(api, host.launch.initData).then(finish)
  }, [])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const valid = normalizeNickname(String(new FormData(event.currentTarget).get('nickname') ?? ''))
    if (!valid) {
      setError('signin.invalidNickname')
      return
    }
    setStatus('busy')
    setError(null)
    finish(await signInWithNickname(api, valid, props.lang))
  }

  if (status === 'telegram') return <p className="muted">{t('signin.telegram')}</p>
  return (
    <form className="signin-form" onSubmit={submit} noValidate>
      <p className="muted">{t('signin.lead')}</p>
      <label htmlFor={inputId}>{t('signin.nickname')}</label>
      <input
        id={inputId}
        name="nickname"
        autoComplete="nickname"
        maxLength={24}
        aria-describedby={hintId}
        aria-invalid={error === 'signin.invalidNickname'}
      />
      <small id={hintId} className="muted">
        {t('signin.nicknameHint')}
      </small>
      {error && (
        <p className="form-error" role="alert">
          {t(error)}
        </p>
      )}
      <button type="submit" className="button" disabled={!live || status === 'busy'}>
        {status === 'busy' ? t('signin.submitting') : t('signin.submit')}
      </button>
      {props.telegramBot && (
        <div className="signin-telegram">
          <p className="muted small">{t('signin.orTelegram')}</p>
          <TelegramLoginWidget
            bot={props.telegramBot}
            onAuth={async (user) => {
              setStatus('busy')
              finish(await signInWithWidget(api, user))
            }}
          />
        </div>
      )}
    </form>
  )
}
