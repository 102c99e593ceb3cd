import { useSignals } from '@preact/signals-react/runtime'
import { displayCentre, tintOf } from '../../game/orientation.ts'
import type { GameStore } from '../../game/store.ts'

/** A path over the board in cell units, from its first letter (the dot) on. */
function Path({
  size,
  bottom,
  cellIds,
  className,
  testId,
}: {
  size: number
  bottom: 0 | 1
  cellIds: number[]
  className: string
  testId: string
}) {
  if (cellIds.length === 0) return null
  const points = cellIds.map((id) => displayCentre(size, bottom, id))
  return (
    <g className={className} data-testid={testId} data-cells={cellIds.join(',')}>
      <polyline points={points.map((p) => `${p.x},${p.y}`).join(' ')} />
      <circle cx={points[0].x} cy={points[0].y} r={0.12} />
    </g>
  )
}

/**
 * The reviewed turn picked in the move list, on the final board: the word played in its player's
 * colour and, when another was better, the best word dashed.
 */
export function ReviewPaths({ store }: { store: GameStore }) {
  useSignals()
  const game = store.game.value
  const turn = store.review.picked.value
  if (!game || !turn) return null
  const size = game.board.size
  const bottom = store.bottom.value
  return (
    <svg className="board__path board__review" viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
      <Path
        size={size}
        bottom={bottom}
        cellIds={turn.played.cellIds}
        className={`review-path review-path--played board__path--${tintOf(turn.side, bottom)}`}
        testId="review-played-path"
      />
      {turn.best && !turn.bestPlayed && (
        <Path
          size={size}
          bottom={bottom}
          cellIds={turn.best.cellIds}
          className="review-path review-path--best"
          testId="review-best-path"
        />
      )}
    </svg>
  )
}
