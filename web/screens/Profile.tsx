import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useState } from 'react'
import { BADGE_IDS, type PlayerStats } from '../../engine/index.ts'
import type { Profile, PublicProfile } from '../../src/users/profile.ts'
import { call } from '../api/client.ts'
import { Avatar } from '../game/views/PlayersBar.tsx'
import { useSession } from '../session/use-session.ts'
import { useIsland } from '../shell/context.ts'
import { AvatarPicker } from './AvatarPicker.tsx'

const STAT_KEYS = [
  'gamesPlayed',
  'wins',
  'losses',
  'giveups',
  'wordsPlayed',
  'longestWord',
  'scoreReached',
  'richestCell',
  'enemyCellsCaptured',
  'maxConsecutiveWins',
] as const satisfies readonly (keyof PlayerStats)[]

function Stats({
  stats,
  eloPvp,
  eloPve,
  level,
}: {
  stats: PlayerStats
  eloPvp: number
  eloPve: number
  level: number
}) {
  const { t } = useIsland()
  return (
    <dl className="stat-grid" data-testid="stats">
      <div>
        <dt>{t('profile.level')}</dt>
        <dd>{level}</dd>
      </div>
      <div>
        <dt>{t('profile.eloPvp')}</dt>
        <dd>{eloPvp}</dd>
      </div>
      <div>
        <dt>{t('profile.eloPve')}</dt>
        <dd>{eloPve}</dd>
      </div>
      {STAT_KEYS.map((key) => (
        <div key={key}>
          <dt>{t(`profile.stats.${key}`)}</dt>
          <dd>{String(stats[key] || (key === 'longestWord' ? '—' : 0)).toUpperCase()}</dd>
        </div>
      ))}
    </dl>
  )
}

function Badges({ levels }: { levels: Record<string, number> }) {
  const { t } = useIsland()
  const earned = BADGE_IDS.filter((id) => (levels[id] ?? 0) > 0)
  return (
    <section className="card">
      <h2>{t('profile.badges')}</h2>
      {earned.length === 0 ? (
        <p className="muted">{t('profile.noBadges')}</p>
      ) : (
        <ul className="badges">
          {earned.map((id) => (
            <li key={id}>
              🏅 {id} · {levels[id]}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function OwnProfile({ profile }: { profile: Profile }) {
  const { t, api } = useIsland()
  const [referrals, setReferrals] = useState<unknown[] | null>(null)

  useEffect(() => {
    void call<{ items: unknown[] }>(() => api.api.user.referrals.get()).then((got) => {
      setReferrals(got.ok ? got.data.items : [])
    })
  }, [api])

  return (
    <>
      <AvatarPicker profile={profile} />
      <section className="card">
        <h2>{t('profile.wallet')}</h2>
        <p>
          {t('profile.coins', { n: profile.coins })} · {t('profile.slots', { n: profile.gameSlotsCapacity })}
        </p>
        <p className="muted small">
          {profile.subscription.active
            ? t('shop.active', { id: profile.subscription.id ?? 'pro' })
            : t('profile.basic')}
        </p>
      </section>
      <Badges levels={profile.awards.b} />
      <section className="card">
        <h2>{t('profile.referrals')}</h2>
        <p className="muted">
          {referrals === null ? t('app.loading') : t('profile.referralCount', { n: referrals.length })}
        </p>
      </section>
    </>
  )
}

/** SPEC.md §2 profile: own (avatar, statistics, badges, wallet, referrals) or another player's. */
export function ProfileScreen() {
  useSignals()
  const { t, props, api, session, screenReady } = useIsland()
  const otherId = props.params.id ?? null
  useSession()
  const [other, setOther] = useState<PublicProfile | null>(null)
  const [missing, setMissing] = useState(false)

  useEffect(() => {
    if (!otherId) return
    void call<{ profile: PublicProfile }>(() => api.api.user({ id: otherId }).get()).then((got) => {
      if (got.ok) setOther(got.data.profile)
      else setMissing(true)
      screenReady.value = true
    })
  }, [api, otherId, screenReady])

  const own = otherId === null || otherId === session.profile.value?._id ? session.profile.value : null
  const shown = own ?? other
  if (missing && !own)
    return (
      <section className="screen screen--error">
        <h1>{t('profile.notFound')}</h1>
      </section>
    )
  if (!shown) return <section className="screen" aria-busy="true" />
  const name = shown.nickname || shown.firstName
  return (
    <section className="screen profile" data-testid="profile">
      <header className="profile__head">
        <Avatar name={name} src={shown.avatar} />
        <h1>{name}</h1>
        {'isOnline' in shown && (
          <span
            className={`presence ${shown.isOnline ? 'presence--on' : ''}`}
            title={shown.isOnline ? t('game.online') : t('game.offline')}
          />
        )}
      </header>
      <Stats stats={shown.stats} eloPvp={shown.eloPvp} eloPve={shown.eloPve} level={shown.level} />
      {own ? <OwnProfile profile={own} /> : <Badges levels={shown.awards.b} />}
    </section>
  )
}
