import { localePath } from '../../../shared/paths.ts'
import type { AttemptRow } from '../../../src/dailies/types.ts'
import { formatClock } from '../../game/views/format.ts'
import { useIsland } from '../../shell/context.ts'

/** A daily's ranking: place, player (to the attempt's game), result and turns, time. */
export function DailyTable({ rows, uid }: { rows: readonly AttemptRow[]; uid?: string }) {
  const { t, props } = useIsland()
  return (
    <ol className="rating__list daily-table" data-testid="daily-table">
      {rows.map((row) => (
        <li
          key={row.user.id}
          className="rating__item"
          aria-current={row.user.id === uid ? 'true' : undefined}
          data-testid="daily-row"
        >
          <span className="rating__place">{row.rank}</span>
          <a href={localePath(props.lang, `/game/${row.gameId}`)} className="rating__name">
            {row.user.name}
          </a>
          <span className="muted small">
            {row.won ? t('daily.won') : t('daily.lost')} · {t('daily.turns', { n: row.turns })}
          </span>
          <strong className="rating__value mono">{formatClock(row.timeMs / 1000)}</strong>
        </li>
      ))}
    </ol>
  )
}
