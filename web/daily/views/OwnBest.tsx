import type { OwnAttempt } from '../../../src/dailies/types.ts'
import { formatClock } from '../../game/views/format.ts'
import { useIsland } from '../../shell/context.ts'

/** The player's own best attempt at a daily (with the secret word once found, and how many counted). */
export function OwnBest({ own, attempts = false }: { own: OwnAttempt; attempts?: boolean }) {
  const { t } = useIsland()
  return (
    <p data-testid="best-attempt">
      {t('daily.best', {
        result: own.won ? t('daily.won') : t('daily.lost'),
        turns: own.turns,
        time: formatClock(own.timeMs / 1000),
        rank: own.rank,
      })}
      {own.secret && ` · ${t('daily.secret', { word: own.secret.toUpperCase() })}`}
      {attempts && ` · ${t('daily.attempts', { n: own.attempts })}`}
    </p>
  )
}
