import { useSignals } from '@preact/signals-react/runtime'
import { type PointerEvent, type ReactNode, useRef } from 'react'
import { type Cell, isUsableBy, type Side } from '../../../engine/index.ts'
import type { Translate } from '../../../shared/i18n.ts'
import { ReviewPaths } from '../../review/views/ReviewPaths.tsx'
import { useIsland } from '../../shell/context.ts'
import { displayCentre, displayOrder, tintOf } from '../orientation.ts'
import type { GameStore } from '../store.ts'

/** What a cell says beyond its letter and owner: the marks the page put on it. */
interface CellMarks {
  order: number
  last: boolean
  attacked: boolean
  danger: 0 | 1 | 2
  target: boolean
  hintFirst: boolean
}

function cellLabel(t: Translate, cell: Cell, side: Side | null, marks: CellMarks): string {
  const { order, last } = marks
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
  if (cell.specials.strike) parts.push(t('game.cell.struck'))
  const was = cell.specials.mutation?.oldLetter
  if (was) parts.push(t('game.cell.mutated', { letter: was.toUpperCase() }))
  if (marks.attacked) parts.push(t('insight.attack.cell'))
  if (marks.danger > 0) parts.push(t(marks.danger === 2 ? 'insight.danger.cut' : 'insight.danger.reach'))
  if (marks.target) parts.push(t('insight.danger.target'))
  if (marks.hintFirst) parts.push(t('insight.hint.firstCell'))
  if (last) parts.push(t('game.cell.lastMove'))
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

/** The last word's path, drawn over the board in its player's colour, from its first letter on. */
function LastMovePath({ store }: { store: GameStore }) {
  useSignals()
  const game = store.game.value
  const move = store.lastTurn.value
  // A reviewed turn picked: its paths are drawn instead.
  if (store.review.picked.value) return null
  if (!game || !move || move.kind !== 'turn' || move.cellIds.length === 0) return null
  const size = game.board.size
  const points = move.cellIds.map((id) => displayCentre(size, store.bottom.value, id))
  const tint = tintOf(move.side, store.bottom.value)
  return (
    <svg
      className={`board__path board__path--${tint}`}
      viewBox={`0 0 ${size} ${size}`}
      aria-hidden="true"
      data-testid="last-path"
      data-cells={move.cellIds.join(',')}
    >
      <polyline points={points.map((p) => `${p.x},${p.y}`).join(' ')} />
      <circle cx={points[0].x} cy={points[0].y} r={0.12} />
    </svg>
  )
}

export function Board({ store, children }: { store: GameStore; children?: ReactNode }) {
  useSignals()
  const { t } = useIsland()
  const drag = useRef<{ start: number; moved: boolean; active: boolean; last: number } | null>(null)
  const game = store.game.value
  const board = store.board.value
  if (!game || !board) return null
  const side = store.side.value
  const bottom = store.bottom.value
  const myTurn = store.myTurn.value
  const path = store.path.value
  const choosing = store.choosing.value
  const pending = store.pending.value
  const hints = store.hintCells.value
  const tip = store.tip.value
  const last = store.lastTurn.value
  const lastCells = new Set(last?.kind === 'turn' && !store.review.picked.value ? last.cellIds : [])
  const over = game.state === 'over' || game.state === 'expired'
  const danger = store.danger.current.value
  const attacked = new Set(store.attacked.value.flat())
  const hintFirst = store.hints.shown.value?.firstCellId ?? null

  function onPointerDown(e: PointerEvent<HTMLElement>) {
    const id = cellAt(e)
    if (id === null) return
    drag.current = { start: id, moved: false, active: false, last: id }
    if (myTurn) e.currentTarget.setPointerCapture?.(e.pointerId)
  }
  function onPointerMove(e: PointerEvent<HTMLElement>) {
    const d = drag.current
    if (!d || !myTurn) return
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
    // Every tap gets an answer: a selection, or the reason it is not one.
    if (d && !d.moved) store.tap(d.start)
  }

  return (
    <div className="board-frame">
      <section
        className={`board board--${board.size} ${myTurn ? 'board--active' : ''} ${choosing ? 'board--choosing' : ''} ${over ? 'board--over' : ''}`}
        style={{ gridTemplateColumns: `repeat(${board.size}, 1fr)` }}
        aria-label={t('game.board')}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          drag.current = null
        }}
        data-testid="board"
        data-bottom={bottom}
        data-danger={danger ? danger.cells.size : undefined}
      >
        {displayOrder(board.size, bottom).map((id) => {
          const cell = board.cells[id]
          const order = path.indexOf(cell.id) + 1
          const playable =
            myTurn && side !== null && (choosing !== null || isUsableBy(cell, side) || order > 0)
          const tint = tintOf(cell.owner, bottom)
          const isLast = lastCells.has(cell.id)
          const marks: CellMarks = {
            order,
            last: isLast,
            attacked: attacked.has(cell.id),
            danger: danger?.cells.get(cell.id) ?? 0,
            target: danger?.targets.has(cell.id) ?? false,
            hintFirst: hintFirst === cell.id,
          }
          const mutation = cell.specials.mutation
          const classes = [
            'cell',
            `cell--${tint}`,
            cell.is_base ? 'cell--base' : '',
            order > 0 ? 'cell--selected' : '',
            playable ? 'cell--playable' : '',
            hints.includes(cell.id) ? 'cell--hint' : '',
            marks.hintFirst ? 'cell--hint-first' : '',
            marks.attacked ? 'cell--attacked' : '',
            marks.danger ? `cell--danger cell--danger-${marks.danger}` : '',
            marks.target ? 'cell--danger-target' : '',
            isLast ? 'cell--last' : '',
            cell.specials.freeze ? 'cell--frozen' : '',
            mutation ? 'cell--mutated' : '',
            cell.specials.strike ? 'cell--struck' : '',
            pending?.use.cellId === cell.id ? 'cell--pending' : '',
            choosing?.cellId === cell.id ? 'cell--target' : '',
            tip?.cellId === cell.id ? 'cell--refused' : '',
          ]
          return (
            <button
              type="button"
              key={cell.id}
              data-cell={cell.id}
              data-letter={cell.letter}
              className={classes.filter(Boolean).join(' ')}
              aria-label={cellLabel(t, cell, side, marks)}
              aria-pressed={order > 0}
              aria-disabled={!playable}
              tabIndex={playable ? 0 : -1}
              onClick={(e) => {
                // Keyboard and screen-reader activation (no pointer): a click with detail 0.
                if (e.detail === 0) store.tap(cell.id)
              }}
            >
              <span className="cell__letter">{cell.letter.toUpperCase()}</span>
              {/* Score and order are drawn by the stylesheet from these attributes: the button's
                  text is its letter alone, which its label (letter, place, score, state) contains. */}
              <span className="cell__score" data-value={cell.score} />
              {order > 0 && <span className="cell__order" data-value={order} />}
              {cell.specials.freeze && <span className="cell__special cell__special--freeze">❄</span>}
              {cell.specials.strike && <span className="cell__special cell__special--strike">🎯</span>}
              {mutation?.oldLetter && (
                <span className="cell__was" title={mutation.oldLetter.toUpperCase()}>
                  {mutation.oldLetter.toUpperCase()}
                </span>
              )}
              {pending?.use.cellId === cell.id && (
                <span className="cell__special cell__special--pending">★</span>
              )}
              {marks.attacked && (
                <span className="cell__attacked" aria-hidden="true">
                  ⚠
                </span>
              )}
            </button>
          )
        })}
        <LastMovePath store={store} />
        <ReviewPaths store={store} />
      </section>
      {children}
    </div>
  )
}
