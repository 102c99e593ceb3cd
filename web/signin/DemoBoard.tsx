import type { CSSProperties } from 'react'
import { useIsland } from '../shell/context.ts'
import { DEMO_BOARDS, wordOf } from './demo-boards.ts'
import { chipName, demoKeyframes, fillName, ringName } from './demo-motion.ts'

/** The layer's keyframes, by name: the stylesheet applies them (and leaves them off without motion). */
const motion = (name: string) => ({ '--motion': name }) as CSSProperties

/**
 * A small board that plays itself (CSS animation only, no script, no network): you spell a word up
 * from your base, the opponent answers from theirs, you push on. A played cell holds two layers
 * over its letter, the mover's ring while picked and the mover's fill once taken, each switched on
 * and off by keyframes of its own (demo-motion.ts). With reduced motion: the position after the
 * three words.
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
      <style>{demoKeyframes(board)}</style>
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
                data-side={played ? board.moves[played.move].side : undefined}
              >
                {letter}
                {played && (
                  <>
                    <span className="demo-board__ring" style={motion(ringName(played.move, played.step))} />
                    <span className="demo-board__fill" style={motion(fillName(played.move, played.step))}>
                      {letter}
                    </span>
                  </>
                )}
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
            style={motion(chipName(m))}
          >
            {wordOf(board, move)} +{move.cells.length}
          </span>
        ))}
      </figcaption>
    </figure>
  )
}
