import { useSignals } from '@preact/signals-react/runtime'
import type { Session } from '../session/store.ts'
import { useIsland } from '../shell/context.ts'
import { PasswordForm } from './PasswordForm.tsx'
import { SessionsList } from './SessionsList.tsx'
import { TelegramLink } from './TelegramLink.tsx'

/** The account part of Settings: password (web accounts), Telegram link, sessions and sign-out. */
export function AccountSettings({ session }: { session: Session }) {
  useSignals()
  const { props, host } = useIsland()
  const profile = session.profile.value
  if (!profile) return null
  const update = (change: Partial<typeof profile>) => {
    session.profile.value = { ...profile, ...change }
  }
  return (
    <>
      {profile.webAccount && (
        <PasswordForm
          nickname={profile.nickname}
          hasPassword={profile.hasPassword}
          onSaved={() => update({ hasPassword: true })}
        />
      )}
      {profile.webAccount && profile.tgId === 0 && props.telegramBot && !host.launch && (
        <TelegramLink bot={props.telegramBot} onLinked={(tgId) => update({ tgId })} />
      )}
      <SessionsList warnNoPassword={profile.webAccount && !profile.hasPassword} />
    </>
  )
}
