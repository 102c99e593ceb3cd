import { useSignals } from '@preact/signals-react/runtime'
import { wordRefusalKey } from '../../i18n.ts'
import { useIsland } from '../../shell/context.ts'
import type { GameStore } from '../store.ts'

/** The word being built, its points, and submit/clear. */
export function WordBar({ store }: { store: GameStore }) {
  useSignals()
  const { t } = useIsland()
  const { word, points } = store.preview.value
  const exists = store.wordExists.value
  const myTurn = store.myTurn.value
  const pending = store.pending.value
  const empty = store.path.value.length === 0
  const status =
    word.length < 3
      ? ''
      : exists === true
        ? 'word--ok'
        : exists === false
          ? 'word--unknown'
          : 'word--checking'
  return (
    <div className="wordbar">
      <div className={`word ${status}`} data-testid="word" aria-live="polite">
        {empty ? (
          <span className="muted">{myTurn ? t('game.pickLetters') : t('game.waitTurn')}</span>
        ) : (
          <>
            <span className="word__text">{word.toUpperCase()}</span>
            <span className="word__points" data-testid="points">
              {t('game.points', { n: points })}
            </span>
            {exists === false && store.game.value && (
              <span className="word__hint">{t(wordRefusalKey(store.game.value))}</span>
            )}
          </>
        )}
      </div>
      {pending && (
        <p className="pending-booster" data-testid="pending-booster">
          {t('game.boosterPending', { name: t(`boosters.${pending.use.boosterId}`), cost: pending.cost })}{' '}
          <button type="button" className="link-button" onClick={() => store.cancelBooster()}>
            {t('actions.cancel')}
          </button>
        </p>
      )}
      <div className="wordbar__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={empty}
          onClick={() => store.clear()}
          data-testid="clear"
        >
          {t('game.clear')}
        </button>
        <button
          type="button"
          className="button"
          disabled={!myTurn || empty || word.length < 3 || store.busy.value}
          onClick={() => void store.submit()}
          data-testid="submit"
        >
          {t('game.submit')}
        </button>
      </div>
    </div>
  )
}
