import { effect } from '@preact/signals-react'
import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useRef, useState } from 'react'
import { createGameStore, type GameStore } from '../game/store.ts'
import { ActionBar } from '../game/views/ActionBar.tsx'
import { Board } from '../game/views/Board.tsx'
import { MoveList } from '../game/views/MoveList.tsx'
import { PlayerCard } from '../game/views/PlayerCard.tsx'
import { ResultBanner } from '../game/views/ResultBanner.tsx'
import { StatusLine } from '../game/views/StatusLine.tsx'
import { TerritoryBar } from '../game/views/TerritoryBar.tsx'
import { TipBubble } from '../game/views/TipBubble.tsx'
import { RestrictionAlert } from '../home/views/RestrictionAlert.tsx'
import { localePath } from '../paths.ts'
import { useIsland } from '../shell/context.ts'

function Countdown({ store }: { store: GameStore }) {
  useSignals()
  const { t } = useIsland()
  const game = store.game.value
  if (!game) return null
  if (game.state === 'new')
    return (
      <div className="countdown countdown--waiting" role="status" data-testid="waiting-start">
        {t('game.waitingStart')}
      </div>
    )
  const left = store.countdown.value
  if (game.state !== 'countingDown') return null
  return (
    <div className="countdown" role="status" data-testid="countdown">
      {Math.max(1, Math.ceil(left / 1000))}
    </div>
  )
}

function ObserverBanner({ store }: { store: GameStore }) {
  useSignals()
  const { t, props, host } = useIsland()
  if (!store.isObserver.value) return null
  return (
    <div className="banner" role="status" data-testid="observer-banner">
      <span>👁 {t('game.observing')}</span>
      <button
        type="button"
        className="link-button"
        onClick={async () => {
          await store.leaveObserve()
          host.navigate(localePath(props.lang, '/'))
        }}
      >
        {t('game.leaveObserving')}
      </button>
    </div>
  )
}

/**
 * The last ten seconds of the player's own blitz turn tick, and its end rings (SPEC.md §9 timer10,
 * timer alarm): the turn limit or the bank, whichever ends the turn first.
 */
function useTimerSounds(store: GameStore, play: (name: 'timer10' | 'timerAlarm') => void) {
  const last = useRef<number | null>(null)
  useEffect(
    () =>
      effect(() => {
        const clock = store.turnClock.value
        if (!clock || clock.side !== store.side.value || !clock.warn) {
          last.current = null
          return
        }
        const left = Math.ceil(clock.left)
        if (left === last.current) return
        last.current = left
        play(left <= 0 ? 'timerAlarm' : 'timer10')
      }),
    [store, play],
  )
}

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

  useEffect(() => {
    if (store.game.value || store.loadFailed.value) screenReady.value = true
  })
  useKeyboard(store)
  useTimerSounds(store, island.sounds.play)

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
  if (!store.game.value) return <section className="screen game" aria-busy="true" />
  const bottom = store.bottom.value
  return (
    // data-ts: the version on screen, so a test can tell a stale screen from the server's state.
    <section
      className={`game ${store.isObserver.value ? 'game--observer' : ''}`}
      data-testid="game"
      data-state={store.game.value.state}
      data-ts={store.game.value.ts}
    >
      <h1 className="visually-hidden">{t('screens.game')}</h1>
      <ObserverBanner store={store} />
      <StatusLine store={store} />
      <div className="game__top">
        <PlayerCard store={store} side={bottom === 0 ? 1 : 0} />
      </div>
      <TerritoryBar store={store} />
      <div className="game__board">
        <Board store={store}>
          <Countdown store={store} />
          <TipBubble store={store} />
          <ResultBanner store={store} />
        </Board>
      </div>
      <div className="game__bottom">
        <PlayerCard store={store} side={bottom} />
      </div>
      <ActionBar store={store} />
      <MoveList store={store} />
      <RestrictionAlert openShop={() => island.host.navigate(localePath(props.lang, '/'))} />
    </section>
  )
}
