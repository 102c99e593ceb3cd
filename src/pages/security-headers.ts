/**
 * Headers on every answer, pages and API alike (docs/server.md "Security headers"). The Content
 * Security Policy lets the page load only our own origin, plus Telegram's Login Widget (its script
 * from telegram.org, its frame from oauth.telegram.org), and lets only Telegram's web clients frame
 * us (the Mini App). The one inline script, the colour-mode boot, is allowed by its hash; island
 * props are JSON data blocks, which are never run. Inline styles are allowed: React renders
 * `style` attributes, and a style cannot run code.
 */
import { createHash } from 'node:crypto'
import { COLOR_MODE_BOOT_SCRIPT } from '../../shared/color-mode-boot.ts'
import { WIDGET_FRAME_ORIGIN, WIDGET_SCRIPT } from '../../shared/telegram.ts'

/** Telegram's web clients (web.telegram.org/k, /a) frame the Mini App. */
export const TELEGRAM_FRAME_ANCESTORS = ['https://web.telegram.org', 'https://*.telegram.org']

const scriptHash = (source: string) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`
const SCRIPT_SRC = `'self' ${scriptHash(COLOR_MODE_BOOT_SCRIPT)} ${new URL(WIDGET_SCRIPT).origin}`

export function contentSecurityPolicy(host: string): string {
  return [
    "default-src 'self'",
    `script-src ${SCRIPT_SRC}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    // 'self' covers the socket in current browsers; the explicit pair covers older WebKit.
    `connect-src 'self' ws://${host} wss://${host}`,
    `frame-src ${WIDGET_FRAME_ORIGIN}`,
    `frame-ancestors 'self' ${TELEGRAM_FRAME_ANCESTORS.join(' ')}`,
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}

/** The headers for one request; `publicUrl` (PUBLIC_URL) names the host and switches HSTS on. */
export function securityHeaders(publicUrl: string | null): (url: URL) => Record<string, string> {
  const publicHost = publicUrl ? new URL(publicUrl).host : null
  const hsts: Record<string, string> = publicUrl?.startsWith('https://')
    ? { 'strict-transport-security': 'max-age=31536000' }
    : {}
  return (url) => ({
    'content-security-policy': contentSecurityPolicy(publicHost ?? url.host),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...hsts,
  })
}
