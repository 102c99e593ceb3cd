import { localePath } from '../../shared/paths.ts'
import { SignInForm } from '../auth/SignInForm.tsx'
import { useIsland } from '../shell/context.ts'
import { DemoBoard } from '../signin/DemoBoard.tsx'
import { roomOfNext } from '../signin/next.ts'

/**
 * SPEC.md §2 sign-in, for someone who has never seen the game: what it is (a line and a board that
 * plays itself), How to play without an account, then the form. A visitor sent here from another
 * page (a friend's room link) goes back to it once signed in, in the language chosen here.
 */
export function SignIn() {
  const { props, t } = useIsland()
  const target = localePath(props.lang, props.next ?? '/')
  const room = roomOfNext(props.next)
  return (
    <section className="screen screen--signin signin">
      {room && (
        <p className="banner signin__invite" role="status" data-testid="invite">
          {t('signin.invited', { code: room })}
        </p>
      )}
      <header className="signin__intro">
        <h1 className="signin__name">{t('app.name')}</h1>
        <p className="signin__lead" data-testid="pitch">
          {t('signin.pitch')}
        </p>
      </header>
      <DemoBoard />
      <div className="signin__panel">
        <div className="card signin__card">
          <SignInForm target={target} />
        </div>
        <a
          className="button button--ghost signin__how"
          href={localePath(props.lang, '/tutorial')}
          data-testid="how-to-play"
        >
          📖 {t('home.links.howToPlay')}
        </a>
      </div>
      <p className="muted small signin__modes">{t('signin.modes')}</p>
    </section>
  )
}
