import { useSignals } from '@preact/signals-react/runtime'
import { type PointerEvent, useRef } from 'react'
import { type Cell, isUsableBy, type Side } from '../../../engine/index.ts'
import type { Translate } from '../../i18n.ts'
import { useIsland } from '../../shell/context.ts'
import type { GameStore } from '../store.ts'

function ownerClass(cell: Cell, side: Side | null): string {
  if (cell.owner === 9) return 'cell--neutral'
  const who = cell.owner === 0 ? 'cell--p0' : 'cell--p1'
  return side === null ? who : `${who} ${cell.owner === side ? 'cell--mine' : 'cell--theirs'}`
}

function cellLabel(t: Translate, cell: Cell, side: Side | null, order: number): string {
  const owner =
    cell.owner === 9
      ? t('game.cell.neutral')
      : side !== null && cell.owner === side
        ? t('game.cell.yours')
        : side !== null
          ? t('game.cell.opponents')
          : t('game.cell.player', { n: cell.owner + 1 })
  const parts = [
    t('game.cell.label', {
      letter: cell.letter.toUpperCase(),
      row: cell.row + 1,
      col: cell.col + 1,
      score: cell.score,
    }),
    owner,
  ]
  if (cell.is_base) parts.push(t('game.cell.base'))
  if (cell.specials.freeze) parts.push(t('game.cell.frozen'))
  if (order > 0) parts.push(t('game.cell.selected', { n: order }))
  return parts.join(', ')
}

/**
 * The cell under the pointer. During a drag the board holds the pointer capture, so events target
 * the board itself: the point decides. Without layout (or capture) the event's own target does.
 */
function cellAt(e: PointerEvent<HTMLElement>): number | null {
  const under =
    typeof document.elementFromPoint === 'function' ? document.elementFromPoint(e.clientX, e.clientY) : null
  const el =
    under?.closest<HTMLElement>('[data-cell]') ??
    (e.target as HTMLElement | null)?.closest?.<HTMLElement>('[data-cell]')
  return el ? Number(el.dataset.cell) : null
}

export function Board({ store }: { store: GameStore }) {
  useSignals()
  const { t } = useIsland()
  const drag = useRef<{ start: number; moved: boolean; active: boolean; last: number } | null>(null)
  const game = store.game.value
  const board = store.board.value
  if (!game || !board) return null
  const side = store.side.value
  const myTurn = store.myTurn.value
  const path = store.path.value
  const choosing = store.choosing.value
  const pending = store.pending.value
  const hints = store.hintCells.value
  const lastTurn = game.turn - 1

  function onPointerDown(e: PointerEvent<HTMLElement>) {
    const id = cellAt(e)
    if (id === null || !myTurn) return
    drag.current = { start: id, moved: false, active: false, last: id }
    e.currentTarget.setPointerCapture?.(e.pointerId)
  }
  function onPointerMove(e: PointerEvent<HTMLElement>) {
    const d = drag.current
    if (!d) return
    const id = cellAt(e)
    if (id === null || id === d.last) return
    d.last = id
    if (!d.moved) {
      d.moved = true
      d.active = store.dragStart(d.start)
    }
    if (d.active) store.dragEnter(id)
  }
  function onPointerUp() {
    const d = drag.current
    drag.current = null
    if (d && !d.moved) store.tap(d.start)
  }

  return (
    <section
      className={`board board--${board.size} ${myTurn ? 'board--active' : ''} ${choosing ? 'board--choosing' : ''}`}
      style={{ gridTemplateColumns: `repeat(${board.size}, 1fr)` }}
      aria-label={t('game.board')}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        drag.current = null
      }}
      data-testid="board"
    >
      {board.cells.map((cell) => {
        const order = path.indexOf(cell.id) + 1
        const playable = myTurn && side !== null && (choosing !== null || isUsableBy(cell, side) || order > 0)
        const classes = [
          'cell',
          ownerClass(cell, side),
          cell.is_base ? 'cell--base' : '',
          order > 0 ? 'cell--selected' : '',
          playable ? 'cell--playable' : '',
          hints.includes(cell.id) ? 'cell--hint' : '',
          cell.lastTurnPlayed === lastTurn && lastTurn >= 0 ? 'cell--last' : '',
          cell.specials.freeze ? 'cell--frozen' : '',
          cell.specials.mutation ? 'cell--mutated' : '',
          cell.specials.strike ? 'cell--struck' : '',
          pending?.use.cellId === cell.id ? 'cell--pending' : '',
          choosing?.cellId === cell.id ? 'cell--target' : '',
        ]
        return (
          <button
            type="button"
            key={cell.id}
            data-cell={cell.id}
            data-letter={cell.letter}
            className={classes.filter(Boolean).join(' ')}
            aria-label={cellLabel(t, cell, side, order)}
            aria-pressed={order > 0}
            aria-disabled={!playable}
            tabIndex={playable ? 0 : -1}
            onClick={(e) => {
              // Keyboard and screen-reader activation (no pointer): a click with detail 0.
              if (e.detail === 0) store.tap(cell.id)
            }}
          >
            <span className="cell__letter">{cell.letter.toUpperCase()}</span>
            <span className="cell__score">{cell.score}</span>
            {order > 0 && <span className="cell__order">{order}</span>}
            {cell.specials.freeze && <span className="cell__special">❄</span>}
            {pending?.use.cellId === cell.id && (
              <span className="cell__special cell__special--pending">★</span>
            )}
          </button>
        )
      })}
    </section>
  )
}
