import { useEffect, useRef } from 'react'
import { WIDGET_FRAME_ORIGIN, WIDGET_SCRIPT } from '../../shared/telegram.ts'

export type WidgetUser = Record<string, string | number | boolean>

/** What JSON text holds; undefined when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The frame's message after a sign-in: JSON `{event: 'auth_user', auth_data: {...}}`. */
function signedUser(data: unknown): WidgetUser | null {
  const message = typeof data === 'string' ? parseJson(data) : data
  if (typeof message !== 'object' || message === null) return null
  const { event, auth_data: user } = message as { event?: unknown; auth_data?: unknown }
  return event === 'auth_user' && typeof user === 'object' && user !== null ? (user as WidgetUser) : null
}

/**
 * The legacy Telegram Login Widget: it renders Telegram's button and, with no redirect URL set,
 * its frame posts the signed user fields to this page. We listen for that message ourselves rather
 * than name a callback in `data-onauth`: the widget turns that attribute into code with eval, which
 * the Content Security Policy forbids. The page works without it (nickname sign-in stays).
 */
export function TelegramLoginWidget({ bot, onAuth }: { bot: string; onAuth(user: WidgetUser): void }) {
  const holder = useRef<HTMLDivElement>(null)
  const callback = useRef(onAuth)
  callback.current = onAuth
  useEffect(() => {
    const script = document.createElement('script')
    script.async = true
    script.src = WIDGET_SCRIPT
    script.setAttribute('data-telegram-login', bot)
    script.setAttribute('data-size', 'large')
    script.setAttribute('data-radius', '12')
    script.setAttribute('data-userpic', 'false')
    script.setAttribute('data-request-access', 'write')
    holder.current?.appendChild(script)
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== WIDGET_FRAME_ORIGIN) return
      // Only our own widget's frame (the script puts it next to itself).
      const frames = [...(holder.current?.querySelectorAll('iframe') ?? [])]
      if (!frames.some((frame) => frame.contentWindow === event.source)) return
      const user = signedUser(event.data)
      if (user) callback.current(user)
    }
    window.addEventListener('message', onMessage)
    return () => {
      window.removeEventListener('message', onMessage)
      script.remove()
    }
  }, [bot])
  return <div ref={holder} className="telegram-widget" data-testid="telegram-widget" data-bot={bot} />
}
