/**
 * Sharing a link the way the platform can: Telegram's own share inside the Mini App, the Web Share
 * API where the browser has it, otherwise the link copied to the clipboard. Answers which was used
 * (`copied`: the caller says so; `failed`: nothing worked; `cancelled`: the player closed the sheet).
 */
import type { Host } from '../shell/host.ts'

export type ShareOutcome = 'telegram' | 'shared' | 'cancelled' | 'copied' | 'failed'

export async function shareLink(
  host: Pick<Host, 'shareLink'>,
  nav: Partial<Pick<Navigator, 'share' | 'clipboard'>>,
  link: { url: string; text: string; title?: string },
): Promise<ShareOutcome> {
  if (host.shareLink) {
    host.shareLink(link.url, link.text)
    return 'telegram'
  }
  if (typeof nav.share === 'function') {
    try {
      await nav.share({ url: link.url, text: link.text, ...(link.title ? { title: link.title } : {}) })
      return 'shared'
    } catch (err) {
      if (err instanceof Error && err.name === 'AbortError') return 'cancelled'
    }
  }
  try {
    await nav.clipboard?.writeText(link.url)
    return nav.clipboard ? 'copied' : 'failed'
  } catch {
    return 'failed'
  }
}
