import type { MessageKey } from '../../../shared/i18n.ts'
import { useIsland } from '../../shell/context.ts'

/** Why a room link did not join, in words: a gone room is the usual case (it lives 30 s unpinged). */
function reasonKey(code: string): MessageKey {
  if (code === 'NOT_FOUND') return 'home.friend.gone'
  if (code === 'OWN_ROOM') return 'home.friend.ownRoom'
  if (code === 'NETWORK') return 'errors.network'
  return 'home.startFailed'
}

/**
 * A friend's room link (`/?room=CODE`) being joined, at the top of home where it is seen at once:
 * "Joining…", then the game opens; or why it could not.
 */
export function LinkJoin({ code, failure }: { code: string; failure: string | null }) {
  const { t } = useIsland()
  if (failure)
    return (
      <p className="banner banner--error link-join" role="alert" data-testid="link-join">
        {t('home.friend.linkFailed', { code, reason: t(reasonKey(failure)) })}
      </p>
    )
  return (
    <p className="banner link-join" role="status" data-testid="link-join">
      {t('home.friend.joining')}
    </p>
  )
}
