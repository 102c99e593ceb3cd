import { localePath } from '../../../shared/paths.ts'
import { useIsland } from '../../shell/context.ts'
import { shareLink } from '../../ui/share.ts'
import type { GameStore } from '../store.ts'
import { playerName } from './format.ts'

/**
 * Share a finished game: its page, whose head carries the card image (Open Graph), through Telegram
 * inside the Mini App, the system's share sheet, or a copied link.
 */
export function ShareButton({ store }: { store: GameStore }) {
  const { t, props, host, notices, sounds } = useIsland()
  const game = store.game.value
  if (game?.state !== 'over') return null
  const names = game.players.map((p) => playerName(p.user, t))
  const url = new URL(localePath(props.lang, `/game/${game.id}`), host.origin).toString()
  const text = t('insight.share.text', {
    a: names[0],
    b: names[1],
    x: game.players[0].score,
    y: game.players[1].score,
  })
  return (
    <button
      type="button"
      className="button button--ghost button--small"
      data-testid="share"
      data-url={url}
      onClick={async () => {
        const outcome = await shareLink(host, typeof navigator === 'undefined' ? {} : navigator, {
          url,
          text,
          title: t('app.name'),
        })
        if (outcome === 'copied') {
          notices.add('success', t('insight.share.copied'))
          sounds.play('blip')
        } else if (outcome === 'failed') notices.add('error', t('insight.share.failed'))
      }}
    >
      {t('insight.share.action')}
    </button>
  )
}
