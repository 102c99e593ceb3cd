import { localePath } from '../paths.ts'
import { useSession } from '../session/use-session.ts'
import { useIsland } from '../shell/context.ts'
import { Mentor } from '../ui/Mentor.tsx'
import { TutorialGameButton } from './Tutorial.tsx'

/**
 * The robot mentor's welcome for new players: one line, then the first game. The lessons
 * themselves are said inside that game, each with the move it is about (web/game/lessons.ts).
 */
export function TutorScreen() {
  const { t, props } = useIsland()
  useSession()
  return (
    <section className="screen tutor" data-testid="tutor">
      <h1>{t('screens.tutor')}</h1>
<<<<<<< HEAD
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
=======
      <Mentor text={t('tutorialPage.ready')} />
      <div className="row">
        <TutorialGameButton label={t('tutorialPage.firstGame')} />
        <a className="button button--ghost" href={localePath(props.lang, '/tutorial')}>
          {t('home.links.howToPlay')}
        </a>
        <a className="button button--ghost" href={localePath(props.lang, '/')} data-testid="skip-tutor">
          {t('tutorialPage.skip')}
        </a>
>>>>>>> game-ux
      </div>
    </section>
  )
}
