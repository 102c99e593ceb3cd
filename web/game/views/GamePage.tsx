import { useSignals } from '@preact/signals-react/runtime'
import { type CSSProperties, useEffect, useRef, useState } from 'react'
import { localePath } from '../../../shared/paths.ts'
import type { ShopTab } from '../../home/views/ShopPanel.tsx'
import { useIsland } from '../../shell/context.ts'
import { later } from '../../ui/later.tsx'
import { useSoftKeyboard } from '../../ui/soft-keyboard.ts'
import type { GameStore } from '../store.ts'
import { ActionBar } from './ActionBar.tsx'
import { Board } from './Board.tsx'
import { MoveList } from './MoveList.tsx'
import { PlayerCard } from './PlayerCard.tsx'
import { StatusLine } from './StatusLine.tsx'
import { TerritoryBar } from './TerritoryBar.tsx'
import { TipBubble } from './TipBubble.tsx'

// Shown at the end of a game or on a tap: loaded when first shown (web/ui/later.tsx).
const ResultBanner = later(() => import('./ResultBanner.tsx').then((m) => m.ResultBanner))
const ReviewPanel = later(() => import('../../review/views/ReviewPanel.tsx').then((m) => m.ReviewPanel))
const DefinitionSheet = later(() =>
  import('../../definitions/DefinitionSheet.tsx').then((m) => m.DefinitionSheet),
)
const ProInvite = later(() => import('./ProInvite.tsx').then((m) => m.ProInvite))
const ShopGate = later(() => import('../../shop/ShopGate.tsx').then((m) => m.ShopGate))
const BadgeToasts = later(() => import('../../progress/views/BadgeToasts.tsx').then((m) => m.BadgeToasts))

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
 * The action bar sticks just above the bottom navigation: the navigation's real height (it may
 * wrap, Telegram adds its safe area) goes into --nav-height for this page.
 */
function useNavHeight(page: { current: HTMLElement | null }, shown: boolean) {
  useEffect(() => {
    const nav = document.querySelector<HTMLElement>('.tab-bar')
    const el = shown ? page.current : null
    if (!nav || !el || typeof ResizeObserver === 'undefined') return
    // The observer reports the first size itself, after layout: reading it here, right after the
    // render, would force a layout of its own (Lighthouse's "forced reflow").
    const watch = new ResizeObserver(() => el.style.setProperty('--nav-height', `${nav.offsetHeight}px`))
    watch.observe(nav)
    return () => watch.disconnect()
  }, [page, shown])
}

/**
 * The game screen: what happened, the opponent above the board and the player below it (as the
 * board faces them), territory, the actions, the moves. The stylesheet lays it out in one column
 * on phones and around the board on desktops (web/styles/game.css).
 */
export interface GamePageProps {
  store: GameStore
}

export function GamePage({ store }: GamePageProps) {
  useSignals()
  const { t } = useIsland()
  const page = useRef<HTMLElement>(null)
  const [shop, setShop] = useState<ShopTab | null>(null)
  // SPEC.md §4: with a soft keyboard up the bar stops sticking over what is being typed.
  const keyboard = useSoftKeyboard()
  const game = store.game.value
  useNavHeight(page, game !== null)
  if (!game) return null
  const bottom = store.bottom.value
  const classes = [
    'game',
    store.isObserver.value ? 'game--observer' : '',
    keyboard.open ? 'game--keyboard' : '',
  ]
  return (
    // data-ts: the version on screen, so a test can tell a stale screen from the server's state.
    <section
      ref={page}
      className={classes.filter(Boolean).join(' ')}
      style={keyboard.height ? ({ '--visible-height': `${keyboard.height}px` } as CSSProperties) : undefined}
      data-testid="game"
      data-state={game.state}
      data-ts={game.ts}
      data-keyboard={keyboard.open || undefined}
    >
      <h1 className="visually-hidden">{t('screens.game')}</h1>
      <ObserverBanner store={store} />
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
      {/* Phones: the status goes to the top of the column, the bar sticks at the bottom; desktops:
          both beside the board, so a longer status never moves the board. */}
      <div className="game__side">
        <StatusLine store={store} />
        <ActionBar store={store} />
        <ReviewPanel store={store} />
      </div>
      <MoveList store={store} />
      {/* A badge earned: its pictures come with the first one. */}
      {store.badges.list.value.length > 0 && <BadgeToasts toasts={store.badges} />}
      <DefinitionSheet definitions={store.definitions} />
      <ProInvite store={store} openShop={() => setShop('pro')} />
      <ShopGate shop={shop} onShop={setShop} />
    </section>
  )
}
