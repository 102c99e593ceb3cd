import { useSignals } from '@preact/signals-react/runtime'
import { useIsland } from '../../shell/context.ts'
import { Mentor } from '../../ui/Mentor.tsx'
import { newsLine } from '../news.ts'
import type { GameStore } from '../store.ts'

/** What just happened and what is next, said once for screen readers too; the mentor speaks above it. */
export function StatusLine({ store }: { store: GameStore }) {
  useSignals()
  const { t } = useIsland()
  const game = store.game.value
  if (!game) return null
  const lesson = store.lessons.current.value
  const news = newsLine(
    t,
    game,
    store.side.value,
    store.moves.list.value.at(-1) ?? null,
    store.turnClock.value,
  )
  return (
    <div className="status">
      {lesson && (
        <Mentor text={lesson} className="mentor--game" testId="mentor-lesson" onClick={store.lessons.next} />
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
    </div>
  )
}
