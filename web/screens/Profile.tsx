import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useState } from 'react'
import { isPro } from '../../engine/index.ts'
import { localePath } from '../../shared/paths.ts'
import type { Profile, PublicProfile } from '../../src/users/profile.ts'
import { call } from '../api/client.ts'
import { COIN_TARGET } from '../economy/coin-target.ts'
import { tierName } from '../economy/tier.ts'
import { Coin } from '../economy/views/Coin.tsx'
import { IncomeMeter } from '../economy/views/IncomeMeter.tsx'
import { ReactionSlots } from '../economy/views/ReactionSlots.tsx'
import { Avatar } from '../game/views/PlayersBar.tsx'
import type { ShopTab } from '../home/views/ShopPanel.tsx'
import { Achievements } from '../progress/views/Achievements.tsx'
import { BadgeList } from '../progress/views/BadgeList.tsx'
import { Referrals } from '../progress/views/Referrals.tsx'
import { BasicStats, ExtendedStats, Records, Series } from '../progress/views/StatCard.tsx'
import { useSession } from '../session/use-session.ts'
import { useIsland } from '../shell/context.ts'
import { ShopGate } from '../shop/ShopGate.tsx'
import { AvatarPicker } from './AvatarPicker.tsx'

function Wallet({ profile }: { profile: Profile }) {
  const { t, session } = useIsland()
  return (
    <section className="card" data-testid="wallet">
      <h2>{t('profile.wallet')}</h2>
      <p>
        <strong className="coin-balance" {...{ [COIN_TARGET]: '' }} data-testid="wallet-coins">
          <Coin /> {t('profile.coins', { n: profile.coins })}
        </strong>{' '}
        · {t('profile.slots', { n: profile.gameSlotsCapacity })}
      </p>
      <p className="muted small" data-testid="tier">
        {t('progress.tier', { tier: tierName(t, profile.subscription, session.clock.now()) })}
      </p>
    </section>
  )
}

/**
 * SPEC.md §2 profile: own (income, wallet, statistics, records, series, extended statistics,
 * achievements, badges, avatar, reactions, referrals, settings) or another player's (what anyone
 * may see: statistics, records, series, badges, and what PRO shows of a PRO player).
 */
export function ProfileScreen() {
  useSignals()
  const { t, props, api, session, screenReady } = useIsland()
  const otherId = props.params.id ?? null
  useSession()
  const [other, setOther] = useState<PublicProfile | null>(null)
  const [missing, setMissing] = useState(false)
  const [shop, setShop] = useState<ShopTab | null>(null)

  useEffect(() => {
    if (!otherId) return
    void call(() => api.api.user({ id: otherId }).get()).then((got) => {
      if (got.ok) setOther(got.data.profile)
      else setMissing(true)
      screenReady.value = true
    })
  }, [api, otherId, screenReady])

  const own = otherId === null || otherId === session.profile.value?._id ? session.profile.value : null
  const ownPro = own !== null && isPro(own.subscription, session.clock.now())
  // PRO begun on this page (trial, purchase): user/update carries no achievements; the public
  // profile has them, as the server computes them.
  useEffect(() => {
    if (!own || !ownPro || own.achievements !== null) return
    void call(() => api.api.user({ id: own._id }).get()).then((got) => {
      const current = session.profile.value
      if (got.ok && current)
        session.profile.value = { ...current, achievements: got.data.profile.achievements }
    })
  }, [own, ownPro, api, session])
  const shown = own ?? other
  if (missing && !own)
    return (
      <section className="screen screen--error">
        <h1>{t('profile.notFound')}</h1>
      </section>
    )
  if (!shown) return <section className="screen" aria-busy="true" />
  const name = shown.nickname || shown.firstName
  // The own tier follows user/update (a subscription bought or ended on this page).
  const pro = own ? ownPro : (shown as PublicProfile).isPro
  const toPro = own ? () => setShop('pro') : undefined
  return (
    <section className="screen profile" data-testid="profile">
      <div className="profile__side">
        <header className="profile__head">
          <Avatar name={name} src={shown.avatar} />
          <h1>{name}</h1>
          {pro && <span className="pro-mark">PRO</span>}
          {'isOnline' in shown && (
            <span
              className={`presence ${shown.isOnline ? 'presence--on' : ''}`}
              title={shown.isOnline ? t('game.online') : t('game.offline')}
            />
          )}
          {own && (
            <a
              className="profile__settings"
              href={localePath(props.lang, '/settings')}
              data-testid="settings-link"
            >
              ⚙ {t('progress.settings')}
            </a>
          )}
        </header>
        {own && <IncomeMeter />}
        {own && <Wallet profile={own} />}
        <BasicStats stats={shown.stats} eloPvp={shown.eloPvp} eloPve={shown.eloPve} level={shown.level} />
        <Records stats={shown.stats} />
        <Series stats={shown.stats} />
        <ExtendedStats stats={shown.stats} pro={pro} onPro={toPro} />
      </div>
      <div className="profile__main">
        <Achievements levels={shown.achievements} pro={pro} onPro={toPro} />
        <BadgeList levels={shown.awards.b} />
        {own && <AvatarPicker profile={own} />}
        {own && <ReactionSlots />}
        {own && <Referrals uid={own._id} />}
      </div>
      {own && <ShopGate shop={shop} onShop={setShop} />}
    </section>
  )
}
