import { useSignals } from '@preact/signals-react/runtime'
import type { Side } from '../../../engine/index.ts'
import type { GameStore } from '../../game/store.ts'
import { playerName } from '../../game/views/format.ts'
import { WordButton } from '../../game/views/MoveList.tsx'
import { useIsland } from '../../shell/context.ts'
import { openingValue } from '../summary.ts'

/** The turn picked in the move list: what was played, what was best, and how to read the board. */
function PickedTurn({ store }: { store: GameStore }) {
  useSignals()
  const { t } = useIsland()
  const turn = store.review.picked.value
  if (!turn) return <p className="muted small">{t('insight.review.pickHint')}</p>
  const n = store.moves.list.value.findIndex((m) => m.ts === turn.ts) + 1
  return (
    <div className="review__picked" data-testid="review-picked" data-ts={turn.ts}>
      <p className="review__picked-head">
        <strong>{t('insight.review.turn', { n })}</strong>{' '}
        <button type="button" className="link-button" onClick={() => store.review.select(null)}>
          {t('actions.close')}
        </button>
      </p>
      <p className="review__line">
        <span className="review__swatch review__swatch--played" aria-hidden="true" />
        {t('insight.review.played')} <WordButton store={store} word={turn.played.word} /> +
        {turn.played.points}
      </p>
      {turn.best && !turn.bestPlayed ? (
        <p className="review__line">
          <span className="review__swatch review__swatch--best" aria-hidden="true" />
          {t('insight.review.best')} <WordButton store={store} word={turn.best.word} /> +{turn.best.points}
        </p>
      ) : (
        <p className="review__line">✓ {t('insight.review.wasBest')}</p>
      )}
      {turn.rank !== null && (
        <p className="muted small">{t('insight.review.rank', { rank: turn.rank, choices: turn.choices })}</p>
      )}
      {turn.marks.map((mark) => (
        <p key={mark} className={`mark mark--${mark}`}>
          {t(`insight.review.marksLong.${mark}`)}
        </p>
      ))}
    </div>
  )
}

/**
 * The review of a finished game beside (desktop) or above (phone) the move list: whether the board
 * was fair, each side's play against the best words, and the turn picked on the board.
 */
export function ReviewPanel({ store }: { store: GameStore }) {
  useSignals()
  const { t } = useIsland()
  const game = store.game.value
  const status = store.review.status.value
  const review = store.review.review.value
  if (game?.state !== 'over' || status === 'idle' || status === 'unavailable') return null
  if (status === 'pending' || !review)
    return (
      <section className="review card" data-testid="review" data-status="pending" aria-busy="true">
        <p className="muted small">{t('insight.review.pending')}</p>
      </section>
    )
  const side = store.side.value
  const order: Side[] = side === 1 ? [1, 0] : [0, 1]
  const name = (s: Side) => (s === side ? t('game.moves.you') : playerName(game.players[s].user, t))
  const openings = review.openings
  return (
    <section
      className="review card"
      data-testid="review"
      data-status="ready"
      aria-label={t('insight.review.title')}
    >
      <h2 className="review__title">{t('insight.review.title')}</h2>
      {openings && (
        <p
          className={`review__fair ${openings.fair ? 'review__fair--yes' : ''}`}
          data-testid="fair-board"
          data-fair={openings.fair}
        >
          {openings.fair ? `⚖ ${t('insight.review.fair')}` : t('insight.review.unfair')}
          <span className="muted small">
            {' '}
            {t('insight.review.openings', {
              a: `${name(order[0])} ${openingValue(openings.values[order[0]])}`,
              b: `${name(order[1])} ${openingValue(openings.values[order[1]])}`,
            })}
          </span>
        </p>
      )}
      <ul className="review__sides">
        {order.map((s) => {
          const sum = review.summary[s]
          return (
            <li key={s} data-testid={`review-summary-${s}`}>
              <strong>{name(s)}</strong>{' '}
              {t('insight.review.sideLine', {
                best: sum.bestPlayed,
                turns: sum.turns,
                wins: sum.missedWins,
                saves: sum.missedSaves,
              })}
            </li>
          )
        })}
      </ul>
      <PickedTurn store={store} />
    </section>
  )
}
