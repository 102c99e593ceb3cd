import { useEffect, useState } from 'react'
import { localePath } from '../../../shared/paths.ts'
import type { Referral } from '../../../src/economy/repo.ts'
import { Avatar } from '../../game/views/PlayersBar.tsx'
import { useIsland } from '../../shell/context.ts'
import { loadReferrals } from '../referrals.ts'

/** The friends who joined by the player's invitation, newest first, with the coins each brought. */
export function Referrals({ uid }: { uid: string }) {
  const { t, api, host, props } = useIsland()
  const [items, setItems] = useState<Referral[] | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    void loadReferrals(api, host.storage, uid, Date.now()).then((got) => {
      if (got) setItems(got)
      else setFailed(true)
    })
  }, [api, host, uid])
  return (
    <section className="card" data-testid="referrals">
      <h2>{t('profile.referrals')}</h2>
      {items === null ? (
        <p className="muted">{failed ? t('shop.failed') : t('app.loading')}</p>
      ) : items.length === 0 ? (
        <p className="muted">{t('progress.referralsEmpty')}</p>
      ) : (
        <ul className="referrals">
          {items.map((r) => {
            const name = r.nickname || r.firstName
            return (
              <li key={r._id}>
                <a href={localePath(props.lang, `/profile/${r._id}`)} className="referrals__who">
                  <Avatar name={name} src={r.avatar} />
                  <span>{name}</span>
                </a>
                <span className="muted small">
                  {new Date(r.createdAt).toLocaleDateString(props.lang)}
                  {r.coins > 0 ? ` · ${t('progress.referralCoins', { n: r.coins })}` : ''}
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
