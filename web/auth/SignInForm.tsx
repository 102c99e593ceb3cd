import { useEffect, useState } from 'react'
import type { AuthPair } from '../../shared/auth-cookie.ts'
import type { MessageKey } from '../../shared/i18n.ts'
import type { Outcome } from '../api/client.ts'
import { useIsland } from '../shell/context.ts'
import { NicknameForm } from './NicknameForm.tsx'
import { failureKey, signInWithTelegram, signInWithWidget } from './signin.ts'
import { TelegramLoginWidget } from './TelegramLoginWidget.tsx'

type Status = 'idle' | 'busy' | 'telegram'

/**
 * The sign-in form: nickname (and password), the Telegram Login Widget when the server names a
 * bot, and Telegram init data when the page runs in the Mini App. Signed in, the visitor goes to
 * `target` (the page decides where: home, or the page that sent them here).
 */
export function SignInForm({ target }: { target: string }) {
  const { props, host, t, api, auth } = useIsland()
  // 'idle' on the server and at hydration alike; a Telegram visitor switches once mounted.
  const [status, setStatus] = useState<Status>('idle')
  const [error, setError] = useState<MessageKey | null>(null)

  function signedIn(pair: AuthPair) {
    auth.signIn(pair)
    host.navigate(target)
  }

  function finish(outcome: Outcome<{ auth: AuthPair }>) {
    if (outcome.ok) return signedIn(outcome.data.auth)
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

  if (status === 'telegram') return <p className="muted">{t('signin.telegram')}</p>
  return (
    <>
      <NicknameForm onSignedIn={signedIn} />
      {error && (
        <p className="form-error" role="alert">
          {t(error)}
        </p>
      )}
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
    </>
  )
}
