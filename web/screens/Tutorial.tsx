import { useSignals } from '@preact/signals-react/runtime'
import { useState } from 'react'
import { localePath, signInPath } from '../../shared/paths.ts'
import { call } from '../api/client.ts'
import type { RoomsStore } from '../home/rooms.ts'
import { createRoomsStore } from '../home/rooms.ts'
import { useSession } from '../session/use-session.ts'
import { useIsland } from '../shell/context.ts'
import { StepNav } from '../ui/StepNav.tsx'
import { Tabs } from '../ui/Tabs.tsx'
import { SLIDE_GROUPS, type SlideGroup, slideKeys } from './tutorial-content.ts'

function PracticeButton({ rooms, label }: { rooms: RoomsStore; label: string }) {
  return (
    <button
      type="button"
      className="button"
      data-testid="practice"
      onClick={() => void rooms.start({ mode: 'computer', type: 'classic', level: 'veryEasy' })}
    >
      {label}
    </button>
  )
}

/** Starts (or resumes) the tutorial game against the robot mentor: POST /api/tutorial/start. */
export function TutorialGameButton({ label }: { label: string }) {
  const { api, props, session, notices, t } = useIsland()
  const [busy, setBusy] = useState(false)
  return (
    <button
      type="button"
      className="button"
      disabled={busy}
      data-testid="tutorial-game"
      onClick={async () => {
        setBusy(true)
        const got = await call(() => api.api.tutorial.start.post({ lang: props.lang }))
        setBusy(false)
        if (got.ok) session.goToGame(got.data.gameId)
        else notices.add('error', t('home.startFailed'))
      }}
    >
      {label}
    </button>
  )
}

/** What a visitor (no account yet) gets instead of the game buttons: the way to one. */
function VisitorCall() {
  const { t, props } = useIsland()
  return (
    <div className="card tutorial__visitor" data-testid="tutorial-visitor">
      <p>{t('tutorialPage.visitor')}</p>
      <a className="button" href={signInPath(props.lang, '/tutorial')} data-testid="tutorial-signin">
        {t('tutorialPage.signInToPlay')}
      </a>
    </div>
  )
}

/**
 * SPEC.md §1 tutorial: slides in the groups basics, territory, boosters, interface, training, other.
 * Open to visitors (docs/web.md): they read the slides; the games need an account.
 */
export function TutorialScreen() {
  useSignals()
  const { t, props, api, auth } = useIsland()
  const session = useSession()
  const [rooms] = useState(() => createRoomsStore({ api, session, lang: props.lang }))
  const [group, setGroup] = useState<SlideGroup>('basics')
  const [index, setIndex] = useState(0)
  const slides = slideKeys(group)
  const slide = slides[Math.min(index, slides.length - 1)]
  const next = () => {
    if (index + 1 < slides.length) setIndex(index + 1)
    else {
      const at = SLIDE_GROUPS.indexOf(group)
      if (at + 1 < SLIDE_GROUPS.length) {
        setGroup(SLIDE_GROUPS[at + 1])
        setIndex(0)
      }
    }
  }
  return (
    <section className="screen tutorial" data-testid="tutorial">
      <h1>{t('screens.tutorial')}</h1>
      <div className="tutorial__body">
        <Tabs
          ids={SLIDE_GROUPS}
          selected={group}
          label={(g) => t(`tutorialGroups.${g}`)}
          onSelect={(g) => {
            setGroup(g)
            setIndex(0)
          }}
        />
        <article className="card slide" aria-live="polite">
          <h2>{t(slide.title)}</h2>
          <p>{t(slide.text)}</p>
          <p className="muted small">
            {index + 1} / {slides.length}
          </p>
          <StepNav
            atFirst={index === 0}
            onBack={() => setIndex(index - 1)}
            onNext={next}
            nextTestId="next-slide"
          />
        </article>
        {auth.isAuthenticated.value ? (
          <div className="row tutorial__actions">
            <TutorialGameButton label={t('tutorialPage.firstGame')} />
            <PracticeButton rooms={rooms} label={t('tutorialPage.practice')} />
            <a className="button button--ghost" href={localePath(props.lang, '/')}>
              {t('pages.notFound.home')}
            </a>
          </div>
        ) : (
          <VisitorCall />
        )}
      </div>
    </section>
  )
}
