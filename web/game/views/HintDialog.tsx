import { useSignals } from '@preact/signals-react/runtime'
import { HINT_GRADES } from '../../../engine/index.ts'
import { useIsland } from '../../shell/context.ts'
import { Dialog } from '../../ui/Dialog.tsx'
import type { GameStore } from '../store.ts'

/**
 * A hint, one step at a time (docs/economy.md "Hints"): the word's cells, then its first letter,
 * then the whole word, each with its price on the button that buys it — choosing a step is the
 * confirmation SPEC.md §5 asks for; Cancel buys nothing. Steps already shown are marked.
 */
export function HintDialog({ store, onClose }: { store: GameStore; onClose(): void }) {
  useSignals()
  const { t } = useIsland()
  const game = store.game.value
  const side = store.side.value
  const prices = store.hints.prices.value
  if (!game || side === null || !prices) return null
  const score = game.players[side].score
  return (
    <Dialog
      title={t('insight.hint.title')}
      onClose={onClose}
      className="hint-dialog"
      actions={
        <button type="button" className="button button--ghost" onClick={onClose} data-testid="hint-cancel">
          {t('actions.cancel')}
        </button>
      }
    >
      <p className="muted small">{t('insight.hint.lead')}</p>
      <ul className="hint-steps" data-testid="hint-steps">
        {HINT_GRADES.map((grade) => {
          const price = prices[grade]
          const bought = price === null
          const short = !bought && score < price
          return (
            <li key={grade}>
              <button
                type="button"
                className={`hint-step ${bought ? 'hint-step--bought' : ''}`}
                disabled={bought || short || store.busy.value}
                data-testid={`hint-${grade}`}
                data-price={price ?? ''}
                onClick={() => {
                  onClose()
                  void store.buyHint(grade)
                }}
              >
                <span className="hint-step__text">
                  <strong>{t(`insight.hint.grades.${grade}.name`)}</strong>
                  <span className="muted small">{t(`insight.hint.grades.${grade}.text`)}</span>
                </span>
                <span className="hint-step__price">
                  {bought
                    ? t('insight.hint.shown')
                    : short
                      ? t('insight.hint.short', { n: price })
                      : t('insight.hint.buy', { n: price })}
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </Dialog>
  )
}
