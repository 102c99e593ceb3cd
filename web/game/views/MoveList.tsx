import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useRef } from 'react'
import { useIsland } from '../../shell/context.ts'
import { tintOf } from '../orientation.ts'
import type { GameStore } from '../store.ts'
import { playerName } from './format.ts'

/** Every word played, newest last, with who played it and what it scored; forfeited turns too. */
export function MoveList({ store }: { store: GameStore }) {
  useSignals()
  const { t } = useIsland()
  const list = useRef<HTMLOListElement>(null)
  const game = store.game.value
  const moves = store.moves.list.value
  const count = moves.length
  useEffect(() => {
    // The newest move in view (the list scrolls by itself, the page does not).
    const el = list.current
    if (el && count > 0) el.scrollTop = el.scrollHeight
  }, [count])
  if (!game) return null
  const side = store.side.value
  const bottom = store.bottom.value
  return (
    <section className="moves" aria-label={t('game.moves.title')} data-testid="moves">
      <h2 className="moves__title">{t('game.moves.title')}</h2>
      {count === 0 ? (
        <p className="muted small">{t('game.moves.empty')}</p>
      ) : (
        <ol className="moves__list" ref={list}>
          {moves.map((m, i) => {
            const who = m.side === side ? t('game.moves.you') : playerName(game.players[m.side].user, t)
            return (
              <li
                key={`${m.ts}-${m.side}-${m.kind}`}
                className={`move move--${tintOf(m.side, bottom)} ${m.kind === 'skip' ? 'move--skip' : ''}`}
                data-testid="move"
                data-side={m.side}
                data-word={m.kind === 'turn' ? m.word : ''}
              >
                <span className="move__n">{i + 1}.</span>
                <span className="move__who">{who}</span>
                {m.kind === 'turn' ? (
                  <>
                    <span className="move__word">{m.word.toUpperCase()}</span>
                    <span className="move__score">{m.score === null ? '' : `+${m.score}`}</span>
                  </>
                ) : (
                  <span className="move__word move__word--skip">{t('game.moves.skip')}</span>
                )}
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
