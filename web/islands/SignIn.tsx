import { useEffect, useState } from 'react'
import type { Outcome } from '../api/client.ts'
import type { AuthPair } from '../auth/cookie.ts'
import { NicknameForm } from '../auth/NicknameForm.tsx'
import { failureKey, signInWithTelegram, signInWithWidget } from '../auth/signin.ts'
import { TelegramLoginWidget } from '../auth/TelegramLoginWidget.tsx'
import type { MessageKey } from '../i18n.ts'
import { localePath } from '../paths.ts'
import { useIsland } from '../shell/context.ts'

type Status = 'idle' | 'busy' | 'telegram'

export function SignIn() {
  const { props, host, t, api, auth } = useIsland()
  // 'idle' on the server and at hydration alike; a Telegram visitor switches once mounted.
  const [status, setStatus] = useState<Status>('idle')
  const [error, setError] = useState<MessageKey | null>(null)
  const home = localePath(props.lang, '/')

  function signedIn(pair: AuthPair) {
    auth.signIn(pair)
    host.navigate(home)
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

  return (
    <section className="screen screen--signin">
      <h1>{t('app.name')}</h1>
      {status === 'telegram' ? (
        <p className="muted">{t('signin.telegram')}</p>
      ) : (
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
      )}
    </section>
  )
}
