import type { CSSProperties } from 'react'
import { useIsland } from '../shell/context.ts'
import { DEMO_BOARDS, DEMO_TIMING, pickedAt, wordAt, wordOf } from './demo-boards.ts'

type Vars<K extends string> = CSSProperties & Record<K, number>

/**
 * A small board that plays itself (CSS animation only, no script, no network): you spell a word up
 * from your base, the opponent answers from theirs, you push on. The board runs one clock (the CSS
 * property --t, 0 to 100 over the loop); each cell and chip knows its moments (--at, --from, --to)
 * and works out its look from the clock. With reduced motion: the position after the three words.
 */
export function DemoBoard() {
  const { props, t } = useIsland()
  const board = DEMO_BOARDS[props.lang]
  const size = board.rows.length
  const moveAt = new Map<string, { move: number; step: number }>()
  board.moves.forEach((move, m) => {
    move.cells.forEach(([r, c], step) => void moveAt.set(`${r}:${c}`, { move: m, step }))
  })
  return (
    <figure className="demo" aria-label={t('signin.boardLabel')}>
      <div className="demo-board" aria-hidden="true" style={{ gridTemplateColumns: `repeat(${size}, 1fr)` }}>
        {board.rows.flatMap((letters, r) =>
          [...letters].map((letter, c) => {
            const played = moveAt.get(`${r}:${c}`)
            const base = r === 0 ? 1 : r === size - 1 ? 0 : undefined
            return (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed grid, never reordered
                key={`${r}:${c}`}
                className="demo-board__cell"
                data-base={base}
                data-move={played?.move}
                data-side={played ? board.moves[played.move].side : undefined}
                style={played ? ({ '--at': pickedAt(played.move, played.step) } as Vars<'--at'>) : undefined}
              >
                {letter}
              </span>
            )
          }),
        )}
      </div>
      <figcaption className="demo__words">
        {board.moves.map((move, m) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the moves of a fixed script
            key={m}
            className="demo__word"
            data-side={move.side}
            style={
              {
                '--from': wordAt(board, m),
                '--to': m + 1 < board.moves.length ? wordAt(board, m + 1) : DEMO_TIMING.reset,
              } as Vars<'--from' | '--to'>
            }
          >
            {wordOf(board, move)} +{move.cells.length}
          </span>
        ))}
      </figcaption>
    </figure>
  )
}
