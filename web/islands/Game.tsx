import { useSignals } from '@preact/signals-react/runtime'
import { type ComponentType, useEffect, useState } from 'react'
import { localePath } from '../../shared/paths.ts'
import { createGameStore, type GameStore } from '../game/store.ts'
import { watchTimerSounds } from '../game/timer-sounds.ts'
import type { GamePageProps } from '../game/views/GamePage.tsx'
import { useIsland } from '../shell/context.ts'

/** Desktop keyboard play: letters walk a path, Backspace takes one back, Enter submits, Escape clears. */
function useKeyboard(store: GameStore) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null
      if (e.ctrlKey || e.metaKey || e.altKey || target?.closest('input, textarea, select, [role="dialog"]'))
        return
      if (e.key === 'Enter') {
        if (store.path.value.length > 0) {
          e.preventDefault()
          void store.submit()
        }
      } else if (e.key === 'Backspace') {
        e.preventDefault()
        store.backspace()
      } else if (e.key === 'Escape') store.clear()
      else if ([...e.key].length === 1 && /\p{L}/u.test(e.key)) {
        if (store.typeLetter(e.key)) e.preventDefault()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [store])
}

/**
 * The board and its panels: nothing of them shows before the game has come from the server, so
 * their code (a third of the page's) comes beside that request instead of in the first load.
 * The request starts with this module, not with the first render.
 */
const gamePage: Promise<ComponentType<GamePageProps>> | null =
  typeof window === 'undefined' ? null : import('../game/views/GamePage.tsx').then((m) => m.GamePage)

export function Game() {
  useSignals()
  const island = useIsland()
  const { props, t, session, auth, screenReady } = island
  const gameId = props.params.id ?? ''
  const [store] = useState(() =>
    createGameStore({
      gameId,
      session,
      api: island.api,
      uid: () => auth.uid.value,
      lang: props.lang,
      t,
      notices: island.notices,
      sounds: island.sounds,
      feedback: (kind) => island.host.haptic?.(kind),
    }),
  )

  useEffect(() => {
    let stop: (() => void) | undefined
    let cancelled = false
    const begin = async () => {
      // Signed in: the session (profile, socket) first; a visitor only watches.
      if (auth.isAuthenticated.value) await session.start()
      if (!cancelled) stop = store.start()
    }
    void begin()
    return () => {
      cancelled = true
      stop?.()
    }
  }, [store, session, auth])

  const [Page, setPage] = useState<ComponentType<GamePageProps> | null>(null)
  useEffect(() => {
    void gamePage?.then((view) => setPage(() => view))
  }, [])

  useEffect(() => {
    if ((store.game.value && Page) || store.loadFailed.value) screenReady.value = true
  })
  useKeyboard(store)
  useEffect(() => watchTimerSounds(store, island.sounds.play), [store, island.sounds])

  // Closing confirmation only while a game of ours is on (Telegram).
  const active = store.game.value !== null && store.side.value !== null && !store.game.value.isFinished
  useEffect(() => island.host.closingConfirmation?.(active), [active, island.host])

  if (store.loadFailed.value)
    return (
      <section className="screen screen--error">
        <h1>{t('errors.GAME_NOT_FOUND')}</h1>
        <a className="button" href={localePath(props.lang, '/')}>
          {t('pages.notFound.home')}
        </a>
      </section>
    )
  if (!store.game.value || !Page) return <section className="screen game" aria-busy="true" />
  return <Page store={store} />
}
