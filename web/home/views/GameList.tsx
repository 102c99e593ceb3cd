import { useSignals } from '@preact/signals-react/runtime'
import { useState } from 'react'
import { localePath } from '../../../shared/paths.ts'
import { useIsland } from '../../shell/context.ts'
import { activeCount, listStatus, resultOf, sortForList } from '../status.ts'

/** The player's games with their statuses and the slot usage. */
export function GameList() {
  useSignals()
  const { t, props, session, auth } = useIsland()
  const games = sortForList(session.games.value.values(), auth.uid.value)
  const capacity = session.profile.value?.gameSlotsCapacity ?? 0
  const used = activeCount(games)
  const [retrying, setRetrying] = useState(false)
  const retry = async () => {
    setRetrying(true)
    await session.retry()
    setRetrying(false)
  }
  return (
    <section className="card game-list" aria-labelledby="game-list-title">
      <header className="card__head">
        <h2 id="game-list-title">{t('home.games.title')}</h2>
        {session.profile.value && (
          <span className="muted" data-testid="slots">
            {t('home.games.slots', { used, capacity })}
          </span>
        )}
      </header>
      {session.gamesFailed.value ? (
        <div className="game-list__failed" role="alert" data-testid="games-failed">
          <p>{t('home.games.failed')}</p>
          <button type="button" className="button" disabled={retrying} onClick={() => void retry()}>
            {t('home.games.retry')}
          </button>
        </div>
      ) : games.length === 0 ? (
        <p className="muted">{t('home.games.empty')}</p>
      ) : (
        <ul className="game-list__items">
          {games.map((g) => {
            const side = g.opponents.indexOf(auth.uid.value)
            const other = g.players[side === 1 ? 0 : 1]
            const status = listStatus(g, auth.uid.value)
            // A finished game says how it went for you, not just that it is over.
            const result = resultOf(g, auth.uid.value)
            return (
              <li key={g.id}>
                <a
                  href={localePath(props.lang, `/game/${g.id}`)}
                  className="game-list__item"
                  data-status={status}
                  data-result={result ?? undefined}
                >
                  <span className="game-list__who">
                    {t('home.games.vs', { name: other.user.name })}
                    <span className="muted small"> · {t(`home.type.${g.type}`)}</span>
                  </span>
                  <span className="game-list__score">
                    {side >= 0 ? `${g.players[side].score} : ${other.score}` : ''}
                  </span>
                  {result ? (
                    <span className={`game-status game-status--${result}`} data-testid="game-result">
                      {t(`home.result.${result}`)}
                    </span>
                  ) : (
                    <span className={`game-status game-status--${status}`}>{t(`home.status.${status}`)}</span>
                  )}
                </a>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
