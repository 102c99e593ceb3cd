import { useSignals } from '@preact/signals-react/runtime'
import { type ComponentType, lazy, Suspense, useContext, useEffect, useState } from 'react'
import { localePath } from '../../shared/paths.ts'
import { createGameStore, type GameStore } from '../game/store.ts'
import { watchTimerSounds } from '../game/timer-sounds.ts'
import type { GamePageProps } from '../game/views/GamePage.tsx'
import { useIsland } from '../shell/context.ts'
import { ServerViewsContext } from '../shell/server-views.ts'

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
 * The board and its panels, a third of the page's code: in the browser they come in a chunk of
 * their own, requested as this module loads, not in the first load. The server renders them at
 * once (server-views.ts), so the page arrives with its board. The island's loader (lazy.ts) waits
 * for the chunk, so hydration finds the views at hand and adopts the server's board: hydrated
 * before the chunk was in, the Suspense boundary stayed dehydrated, the store's first update
 * reached it there, and React threw the server's board away and built it again (a 70 ms task on
 * a throttled phone, and a layout shift). `lazy` is left for a game opened without that loader.
 */
let gamePage: Promise<ComponentType<GamePageProps>> | undefined
let loadedGamePage: ComponentType<GamePageProps> | undefined
export const loadGamePage = () => {
  gamePage ??= import('../game/views/GamePage.tsx').then((m) => {
    loadedGamePage = m.GamePage
    return m.GamePage
  })
  return gamePage
}
if (typeof window !== 'undefined') void loadGamePage()
const LazyGamePage = lazy(async () => ({ default: await loadGamePage() }))

export function Game() {
  useSignals()
  const island = useIsland()
  const { props, t, session, auth, screenReady } = island
  const gameId = props.params.id ?? ''
  const [store] = useState(() => {
    // The game the server rendered the page with: the first render (and hydration) shows it.
    if (props.game) session.upsert(props.game)
    return createGameStore({
      gameId,
      session,
      api: island.api,
      uid: () => auth.uid.value,
      lang: props.lang,
      t,
      notices: island.notices,
      sounds: island.sounds,
      feedback: (kind) => island.host.haptic?.(kind),
      now: props.serverNow,
      missing: props.game === null,
    })
  })

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

  const views = useContext(ServerViewsContext)
  const [pageLoaded, setPageLoaded] = useState(() => loadedGamePage !== undefined)
  useEffect(() => {
    void gamePage?.then(() => setPageLoaded(true))
  }, [])

  useEffect(() => {
    if ((store.game.value && pageLoaded) || store.loadFailed.value) screenReady.value = true
  })
  useKeyboard(store)
  useEffect(() => watchTimerSounds(store, island.sounds.play), [store, island.sounds])

  // Closing confirmation only while a game of ours is on (Telegram).
  const active = store.game.value !== null && store.side.value !== null && !store.game.value.isFinished
  useEffect(() => island.host.closingConfirmation?.(active), [active, island.host])

  if (store.loadFailed.value)
    return (
      <section className="screen screen--error" data-testid="game-missing">
        <h1>{t('errors.GAME_NOT_FOUND')}</h1>
        <a className="button" href={localePath(props.lang, '/')}>
          {t('pages.notFound.home')}
        </a>
      </section>
    )
  const waiting = <section className="screen game" aria-busy="true" />
  if (!store.game.value) return waiting
  // The server and a hydrating browser both hold the views: no Suspense boundary, so the board
  // hydrates in the island's own (time-sliced) pass, not later in one piece.
  const Page = views.GamePage ?? loadedGamePage
  if (Page) return <Page store={store} />
  return (
    <Suspense fallback={waiting}>
      <LazyGamePage store={store} />
    </Suspense>
  )
}
