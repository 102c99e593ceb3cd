import { useState } from 'react'
import type { MessageKey } from '../../shared/i18n.ts'
import { useIsland } from '../shell/context.ts'
import { linkFailureKey, linkTelegram } from './account.ts'
import { TelegramLoginWidget } from './TelegramLoginWidget.tsx'

/**
 * Links the Telegram identity to this web account, so Telegram (the Mini App, the Login Widget)
 * opens the same account. A Telegram account that already plays on its own cannot be joined.
 */
export function TelegramLink({ bot, onLinked }: { bot: string; onLinked(tgId: number): void }) {
  const { t, api } = useIsland()
  const [message, setMessage] = useState<{ key: MessageKey; ok: boolean } | null>(null)
  return (
    <section className="card" data-testid="telegram-link">
      <h2>{t('account.telegram')}</h2>
      <p className="muted small">{t('account.telegramLead')}</p>
      <TelegramLoginWidget
        bot={bot}
        onAuth={async (user) => {
          const linked = await linkTelegram(api, user)
          if (!linked.ok) return setMessage({ key: linkFailureKey(linked.code), ok: false })
          setMessage({ key: 'account.telegramLinked', ok: true })
          onLinked(linked.data.tgId)
        }}
      />
      {message && (
        <p className={message.ok ? 'form-ok' : 'form-error'} role={message.ok ? 'status' : 'alert'}>
          {t(message.key)}
        </p>
      )}
    </section>
  )
}
