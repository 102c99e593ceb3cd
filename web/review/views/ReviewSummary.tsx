import { useSignals } from '@preact/signals-react/runtime'
import type { GameStore } from '../../game/store.ts'
import { plural } from '../../plural.ts'
import { useIsland } from '../../shell/context.ts'
import { summaryLine } from '../summary.ts'

/** The result's one line about the player's own play ("you missed 3 words that would have won"). */
export function ReviewSummary({ store }: { store: GameStore }) {
  useSignals()
  const { t, props } = useIsland()
  const review = store.review.review.value
  const side = store.side.value
  if (!review || side === null) return null
  const line = summaryLine(review.summary[side])
  if (!line) return null
  const text =
    line.kind === 'best'
      ? plural(t, props.lang, 'insight.summary.best', line.of, { best: line.n })
      : plural(t, props.lang, `insight.summary.${line.kind}`, line.n)
  return (
    <p
      className={`result__review result__review--${line.kind}`}
      data-testid="review-line"
      data-kind={line.kind}
    >
      {text}
    </p>
  )
}
