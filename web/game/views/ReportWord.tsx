import { useSignals } from '@preact/signals-react/runtime'
import { useIsland } from '../../shell/context.ts'
import type { GameStore } from '../store.ts'

/**
 * After the server refused the word on screen as not in the dictionary: "report this word", for the
 * developers to review on /dev; then what became of the report.
 */
export function ReportWord({ store, word }: { store: GameStore; word: string }) {
  useSignals()
  const { t, sounds } = useIsland()
  const report = store.report
  if (!word || report.refused.value !== word) return null
  const state = report.states.value.get(word)
  if (state && state !== 'sending')
    return (
      <span className="word__report" role="status" data-testid="report-state" data-state={state}>
        {t(`insight.report.${state}`)}
      </span>
    )
  return (
    <button
      type="button"
      className="link-button word__report"
      disabled={state === 'sending'}
      data-testid="report-word"
      onClick={async () => {
        if ((await report.send(word)) === 'sent') sounds.play('blip')
      }}
    >
      {t('insight.report.action')}
    </button>
  )
}
