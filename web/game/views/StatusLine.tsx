import { useSignals } from '@preact/signals-react/runtime'
import { useIsland } from '../../shell/context.ts'
import { Mentor } from '../../ui/Mentor.tsx'
import { newsLine, skipNotice } from '../news.ts'
import type { GameStore } from '../store.ts'

/**
 * What just happened and what is next (said for screen readers too), a lasting notice while the
 * player's turns run out, and the mentor's lesson above them in a tutorial game.
 */
export function StatusLine({ store }: { store: GameStore }) {
  useSignals()
  const { t } = useIsland()
  const game = store.game.value
  // After the end the result on the board says it all.
  if (!game || game.state === 'over' || game.state === 'expired') return null
  const lessons = store.lessons.current.value
  const side = store.side.value
  const last = store.moves.list.value.at(-1) ?? null
  const news = newsLine(t, game, side, last, store.turnClock.value)
  const skipped = skipNotice(t, game, side, last)
  return (
    <div className="status">
      {lessons.length > 0 && (
        <Mentor
          text={lessons}
          className="mentor--game"
          testId="mentor-lesson"
          onClick={store.lessons.clear}
          clickLabel={t('actions.close')}
        />
      )}
      <p
        className={`news news--${news?.tone ?? 'info'}`}
        role="status"
        aria-live="polite"
        data-testid="news"
        data-tone={news?.tone}
      >
        {news?.text ?? '\u00a0'}
      </p>
      {skipped && (
        <p className="news news--warn" data-testid="skip-notice">
          {skipped}
        </p>
      )}
    </div>
  )
}
