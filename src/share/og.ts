/**
 * Open Graph tags for the page of a finished game, so a shared link unfurls with its card (the
 * pages plugin asks through its `head` hook; a live game's page gets none).
 */
import type { Lang } from '../../engine/index.ts'
import { escapeHtml } from '../pages/document.ts'
import type { HeadRequest } from '../pages/index.ts'
import { CARD } from './card.ts'
import type { ShareService } from './service.ts'
import { CARD_TEXTS } from './texts.ts'

const LOCALES: Record<Lang, string> = { en: 'en_US', ru: 'ru_RU', es: 'es_ES' }

export function shareHead(share: ShareService, publicUrl: string | null) {
  return async (req: HeadRequest): Promise<string | null> => {
    if (req.island !== 'Game' || !req.params.id) return null
    const found = await share.finishedGame(req.params.id).catch(() => null)
    if (!found?.ok) return null
    const game = found.value
    const t = CARD_TEXTS[req.lang]
    const origin = publicUrl ?? req.origin
    const [a, b] = game.players
    const title = game.winner === null ? t.draw : t.won(game.players[game.winner].user.name)
    const tags: Record<string, string> = {
      'og:type': 'website',
      'og:site_name': t.app,
      'og:title': title,
      'og:description': t.description(a.user.name, b.user.name, a.score, b.score),
      'og:url': `${origin}${req.pathname}`,
      'og:image': `${origin}/api/games/${encodeURIComponent(game.id)}/card.png?lang=${req.lang}`,
      'og:image:type': 'image/png',
      'og:image:width': String(CARD.width),
      'og:image:height': String(CARD.height),
      'og:locale': LOCALES[req.lang],
    }
    const meta = Object.entries(tags).map(
      ([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}">`,
    )
    meta.push('<meta name="twitter:card" content="summary_large_image">')
    return meta.join('')
  }
}
