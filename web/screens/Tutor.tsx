import { useState } from 'react'
import { localePath } from '../paths.ts'
import { useSession } from '../session/use-session.ts'
import { useIsland } from '../shell/context.ts'
import { Mentor } from '../ui/Mentor.tsx'
import { StepNav } from '../ui/StepNav.tsx'
import { TutorialGameButton } from './Tutorial.tsx'
import { lessonKey, TUTOR_STEPS } from './tutorial-content.ts'

/** The robot mentor's welcome for new players: the lesson in short steps, then a first game. */
export function TutorScreen() {
  const { t, props } = useIsland()
  useSession()
  const [step, setStep] = useState(0)
  const last = step === TUTOR_STEPS.length - 1
  return (
    <section className="screen tutor" data-testid="tutor">
      <h1>{t('screens.tutor')}</h1>
      <div className="tutor__lesson">
        <Mentor text={t(lessonKey(TUTOR_STEPS[step]))} />
        <StepNav
          atFirst={step === 0}
          onBack={() => setStep(step - 1)}
          onNext={last ? undefined : () => setStep(step + 1)}
        />
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
