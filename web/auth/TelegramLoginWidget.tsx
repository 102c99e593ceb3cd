import { useEffect, useRef } from 'react'

/** SPEC.md §7: the Login Widget script comes from Telegram's host: the only external script. */
export const WIDGET_SCRIPT = 'https://telegram.org/js/telegram-widget.js?22'

export type WidgetUser = Record<string, string | number | boolean>

/**
 * The legacy Telegram Login Widget: it renders Telegram's button and, with no redirect URL set,
 * calls back with the signed user fields. The page works without it (nickname sign-in stays).
 */
export function TelegramLoginWidget({ bot, onAuth }: { bot: string; onAuth(user: WidgetUser): void }) {
  const holder = useRef<HTMLDivElement>(null)
  const callback = useRef(onAuth)
  callback.current = onAuth
  useEffect(() => {
    const name = `onTelegramAuth_${Math.random().toString(36).slice(2)}`
    ;(window as unknown as Record<string, unknown>)[name] = (user: WidgetUser) => callback.current(user)
    const script = document.createElement('script')
    script.async = true
    script.src = WIDGET_SCRIPT
    script.setAttribute('data-telegram-login', bot)
    script.setAttribute('data-size', 'large')
    script.setAttribute('data-radius', '12')
    script.setAttribute('data-userpic', 'false')
    script.setAttribute('data-request-access', 'write')
    script.setAttribute('data-onauth', `${name}(user)`)
    holder.current?.appendChild(script)
    return () => {
      delete (window as unknown as Record<string, unknown>)[name]
      script.remove()
    }
  }, [bot])
  return <div ref={holder} className="telegram-widget" data-testid="telegram-widget" data-bot={bot} />
}
