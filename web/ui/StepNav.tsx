import { useT } from '../shell/context.ts'

/** Back and Next under a sequence of steps (the tutor's lessons, the tutorial's slides). */
export function StepNav({
  atFirst,
  onBack,
  onNext,
  nextTestId,
}: {
  atFirst: boolean
  onBack(): void
  /** Absent: there is no next step. */
  onNext?: () => void
  nextTestId?: string
}) {
  const t = useT()
  return (
    <div className="row">
      <button type="button" className="button button--ghost" disabled={atFirst} onClick={onBack}>
        {t('actions.back')}
      </button>
      {onNext && (
        <button type="button" className="button" onClick={onNext} data-testid={nextTestId}>
          {t('tutorialPage.next')}
        </button>
      )}
    </div>
  )
}
