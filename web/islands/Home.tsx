import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useState } from 'react'
import { localePath } from '../../shared/paths.ts'
import { COIN_TARGET } from '../economy/coin-target.ts'
import { Coin } from '../economy/views/Coin.tsx'
import { Avatar } from '../game/views/PlayersBar.tsx'
import { createRoomsStore } from '../home/rooms.ts'
import { DailyTeaser } from '../home/views/DailyTeaser.tsx'
import { DevButtons } from '../home/views/DevButtons.tsx'
import { GameList } from '../home/views/GameList.tsx'
import { LinkJoin } from '../home/views/LinkJoin.tsx'
import { News } from '../home/views/News.tsx'
import { PlayPanel } from '../home/views/PlayPanel.tsx'
import { RestrictionAlert } from '../home/views/RestrictionAlert.tsx'
import type { ShopTab } from '../home/views/ShopPanel.tsx'
import { clientLog } from '../observability/client-log.ts'
import { useSession } from '../session/use-session.ts'
import { useIsland } from '../shell/context.ts'
import { later } from '../ui/later.tsx'

// Opened by a tap: loaded then (web/ui/later.tsx).
const ShopPanel = later(() => import('../home/views/ShopPanel.tsx').then((m) => m.ShopPanel))
// Below the play panel and the games, and only with the session's profile: it comes after them.
const IncomeMeter = later(() => import('../economy/views/IncomeMeter.tsx').then((m) => m.IncomeMeter))

/** SPEC.md §2: a new user (level 0) goes to /tutor once; the flag lives in local storage. */
export const TUTOR_CHECK_KEY = 'tutor-checked'

function ProfileStrip({ openShop }: { openShop(tab: ShopTab): void }) {
  useSignals()
  const { t, props, session } = useIsland()
  const p = session.profile.value
  // Until the profile comes: the strip's own shape (a row, then the ratings' line), so nothing moves.
  if (!p)
    return (
      <div className="profile-strip profile-strip--empty" aria-hidden="true">
        <span className="profile-strip__slot" />
        <span className="muted small profile-strip__ratings">&nbsp;</span>
      </div>
    )
  return (
    <div className="profile-strip">
      <a href={localePath(props.lang, '/profile')} className="profile-strip__who">
        <Avatar name={p.nickname || p.firstName} src={p.avatar} />
        <span>
          <strong data-testid="nickname">{p.nickname || p.firstName}</strong>
          <span className="muted small"> · {t('home.level', { n: p.level })}</span>
        </span>
      </a>
      <button
        type="button"
        className="pill coins"
        onClick={() => openShop('coins')}
        data-testid="coins"
        {...{ [COIN_TARGET]: '' }}
      >
        <Coin /> {p.coins}
      </button>
      <span className="muted small profile-strip__ratings">
        {t('home.ratings', { pvp: p.eloPvp, pve: p.eloPve })}
      </span>
    </div>
  )
}

export function Home() {
  useSignals()
  const island = useIsland()
  const { t, props, host, api } = island
  const session = useSession()
  const [rooms] = useState(() => createRoomsStore({ api, session, lang: props.lang }))
  const [shop, setShop] = useState<ShopTab | null>(null)
  const ready = session.status.value === 'ready'

  // A friend's room link: read once mounted (the server renders without the query).
  const [linkRoom, setLinkRoom] = useState<string | null>(null)
  const [linkFailure, setLinkFailure] = useState<string | null>(null)
  useEffect(() => setLinkRoom(new URLSearchParams(location.search).get('room')?.trim() || null), [])

  // Once the profile is in: a room from the link or start param, else the first-visit tutor redirect.
  useEffect(() => {
    if (!ready) return
    const profile = session.profile.value
    const startRoom = session.startParams.value.roomId ?? null
    const room = linkRoom ?? startRoom
    if (room) {
      // A newcomer invited by a friend plays the friend first; the tutor waits for a later visit.
      // A failed join of a start-param room is only logged (SPEC.md §8); a link's shows its error.
      void rooms.join(room).then((ok) => {
        if (ok) return
        clientLog.info('start room not joined', room)
        setLinkFailure(rooms.error.value ?? 'UNKNOWN')
      })
      return
    }
    if (profile && profile.level === 0 && host.storage?.getItem(TUTOR_CHECK_KEY) !== '1') {
      host.storage?.setItem(TUTOR_CHECK_KEY, '1')
      host.navigate(localePath(props.lang, '/tutor'))
    }
  }, [ready, session, host, props.lang, rooms, linkRoom])

  useEffect(() => () => rooms.reset(), [rooms])

  return (
    <section className="screen home" data-testid="home" data-ready={ready ? 'true' : undefined}>
      <h1 className="visually-hidden">{t('screens.home')}</h1>
      {linkRoom && <LinkJoin code={linkRoom} failure={linkFailure} />}
      <ProfileStrip openShop={setShop} />
      <News />
      <PlayPanel rooms={rooms} />
      <GameList />
      {/* After hydration (a later view the server does not render), once the profile is in. */}
      {ready && <IncomeMeter />}
      <DailyTeaser />
      <nav className="card links" aria-label={t('home.links.title')}>
        <a href={localePath(props.lang, '/tutorial')}>📖 {t('home.links.howToPlay')}</a>
        <a href={localePath(props.lang, '/rating')}>🏆 {t('home.links.rating')}</a>
        <button type="button" className="link-button" onClick={() => setShop('pro')} data-testid="open-shop">
          🛒 {t('home.links.shop')}
        </button>
        {props.groupUrl && (
          <a href={props.groupUrl} target="_blank" rel="noopener noreferrer" data-testid="group-link">
            💬 {t('home.links.group')}
          </a>
        )}
      </nav>
      <DevButtons rooms={rooms} />
      <RestrictionAlert openShop={setShop} />
      {shop && <ShopPanel tab={shop} onClose={() => setShop(null)} />}
    </section>
  )
}
