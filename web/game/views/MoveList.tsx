import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useRef } from 'react'
import type { PlayedMove, TurnReview } from '../../../engine/index.ts'
import { useIsland } from '../../shell/context.ts'
import { tintOf } from '../orientation.ts'
import type { GameStore } from '../store.ts'
import { playerName } from './format.ts'

/** A played word as a button: tapped, it shows what the word means. */
export function WordButton({
  store,
  word,
  className,
}: {
  store: GameStore
  word: string
  className?: string
}) {
  const { t } = useIsland()
  const game = store.game.value
  if (!game) return null
  return (
    <button
      type="button"
      className={`word-button ${className ?? ''}`}
      onClick={() => store.definitions.show(game.lang, word)}
      aria-label={t('insight.definitions.open', { word: word.toUpperCase() })}
      data-testid="word-button"
    >
      {word.toUpperCase()}
    </button>
  )
}

/** Under a reviewed turn: the best word when another was better, and the marks of a missed chance. */
function ReviewNote({ store, turn }: { store: GameStore; turn: TurnReview }) {
  const { t } = useIsland()
  return (
    <span className="move__review" data-testid="move-review">
      {turn.bestPlayed ? (
        <span className="move__best-played">✓ {t('insight.review.bestPlayed')}</span>
      ) : turn.best ? (
        <span className="move__best">
          {t('insight.review.best')} <WordButton store={store} word={turn.best.word} />{' '}
          <span className="move__best-points">+{turn.best.points}</span>
        </span>
      ) : null}
      {turn.marks.map((mark) => (
        <span key={mark} className={`mark mark--${mark}`} data-testid="review-mark" data-mark={mark}>
          {t(`insight.review.marks.${mark}`)}
        </span>
      ))}
    </span>
  )
}

function MoveItem({ store, move, n }: { store: GameStore; move: PlayedMove; n: number }) {
  useSignals()
  const { t } = useIsland()
  const game = store.game.value!
  const side = store.side.value
  const review = store.review
  const turn = move.kind === 'turn' ? (review.byTs.value.get(move.ts) ?? null) : null
  const picked = turn !== null && review.selected.value === move.ts
  const who = move.side === side ? t('game.moves.you') : playerName(game.players[move.side].user, t)
  const head = (
    <>
      <span className="move__n">{n}.</span>
      <span className="move__who">{who}</span>
    </>
  )
  const classes = [
    'move',
    `move--${tintOf(move.side, store.bottom.value)}`,
    move.kind === 'skip' ? 'move--skip' : '',
    turn ? 'move--reviewed' : '',
    turn?.marks.length ? 'move--marked' : '',
    picked ? 'move--picked' : '',
  ]
  return (
    <li
      className={classes.filter(Boolean).join(' ')}
      data-testid="move"
      data-ts={move.ts}
      data-side={move.side}
      data-word={move.kind === 'turn' ? move.word : ''}
      data-marks={turn?.marks.join(',') || undefined}
    >
      {turn ? (
        <button
          type="button"
          className="move__head"
          aria-pressed={picked}
          aria-label={t('insight.review.showTurn', { n })}
          onClick={() => {
            review.select(move.ts)
            if (review.selected.value === null) return
            store.resultFolded.value = true
            // Phones: the board is above the list; bring it back into view to show the paths.
            document.querySelector('[data-testid="board"]')?.scrollIntoView?.({ block: 'nearest' })
          }}
          data-testid="move-pick"
        >
          {head}
        </button>
      ) : (
        <span className="move__head">{head}</span>
      )}
      {move.kind === 'turn' ? (
        <>
          <WordButton store={store} word={move.word} className="move__word" />
          <span className="move__score">{move.score === null ? '' : `+${move.score}`}</span>
        </>
      ) : (
        <span className="move__word move__word--skip">{t('game.moves.skip')}</span>
      )}
      {turn && <ReviewNote store={store} turn={turn} />}
    </li>
  )
}

/**
 * Every word played, newest last, with who played it and what it scored; forfeited turns too. A
 * word tapped shows its meaning. Once the game is reviewed, each turn says whether it was the best
 * word and which was, marks the missed wins and saves, and picks the turn for the board.
 */
export function MoveList({ store }: { store: GameStore }) {
  useSignals()
  const { t } = useIsland()
  const list = useRef<HTMLOListElement>(null)
  const game = store.game.value
  const moves = store.moves.list.value
  const count = moves.length
  useEffect(() => {
    // The newest move in view (the list scrolls by itself, the page does not). Read in the next
    // frame: scrollHeight read here forced a layout inside React's commit, the longest part of the
    // game page's first load after hydration (~12 ms, ×4 on Lighthouse's phone).
    const el = list.current
    if (!el || count === 0) return
    const frame = requestAnimationFrame(() => {
      el.scrollTop = el.scrollHeight
    })
    return () => cancelAnimationFrame(frame)
  }, [count])
  if (!game) return null
  return (
    <section className="moves" aria-label={t('game.moves.title')} data-testid="moves">
      <h2 className="moves__title">{t('game.moves.title')}</h2>
      {count === 0 ? (
        <p className="muted small">{t('game.moves.empty')}</p>
      ) : (
        <ol className="moves__list" ref={list}>
          {moves.map((m, i) => (
            <MoveItem key={`${m.ts}-${m.side}-${m.kind}`} store={store} move={m} n={i + 1} />
          ))}
        </ol>
      )}
    </section>
  )
}
