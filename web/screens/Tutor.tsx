import { useState } from 'react'
import { localePath } from '../paths.ts'
import { useSession } from '../session/use-session.ts'
import { useIsland } from '../shell/context.ts'
import { TutorialGameButton } from './Tutorial.tsx'
import { MENTOR_STEPS } from './tutorial-content.ts'

/** The robot mentor's welcome for new players: the lesson in short steps, then a first game. */
export function TutorScreen() {
  const { t, props } = useIsland()
  useSession()
  const [step, setStep] = useState(0)
  const last = step === MENTOR_STEPS.length - 1
  return (
    <section className="screen tutor" data-testid="tutor">
      <h1>{t('screens.tutor')}</h1>
      <div className="mentor">
        <span className="mentor__face" aria-hidden="true">
          🤖
        </span>
        <p className="mentor__bubble" aria-live="polite">
          {t(`tutorial.mentor.${MENTOR_STEPS[step]}`)}
        </p>
      </div>
      <div className="row">
        <button
          type="button"
          className="button button--ghost"
          disabled={step === 0}
          onClick={() => setStep(step - 1)}
        >
          {t('actions.back')}
        </button>
        {!last && (
          <button type="button" className="button" onClick={() => setStep(step + 1)}>
            {t('tutorialPage.next')}
          </button>
        )}
      </div>
      <div className="card">
        <p>{t('tutorialPage.ready')}</p>
        <div className="row">
          <TutorialGameButton label={t('tutorialPage.firstGame')} />
          <a className="button button--ghost" href={localePath(props.lang, '/tutorial')}>
            {t('home.links.howToPlay')}
          </a>
          <a className="button button--ghost" href={localePath(props.lang, '/')} data-testid="skip-tutor">
            {t('tutorialPage.skip')}
          </a>
        </div>
      </div>
    </section>
  )
}
