import { localePath } from '../../shared/paths.ts'
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
      <div className="tutor__lesson">
        <Mentor text={t('tutorialPage.ready')} />
      </div>
      <div className="card">
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
