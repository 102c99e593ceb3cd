import { useState } from 'react'
import { AVATAR_CATALOGUE, AVATAR_MIN_GAMES, COINS } from '../../engine/index.ts'
import type { Profile } from '../../src/users/profile.ts'
import { call } from '../api/client.ts'
import { useIsland } from '../shell/context.ts'
import { ConfirmDialog } from '../ui/Dialog.tsx'

/**
 * The own profile's avatar: only the catalogue (engine AVATARS) is offered, as the server accepts
 * nothing else; PRO avatars are shown to everyone but can be picked only with PRO.
 */
export function AvatarPicker({ profile }: { profile: Profile }) {
  const { t, api, notices, session } = useIsland()
  const [choice, setChoice] = useState<string | null>(null)
  const canEdit = profile.stats.gamesPlayed >= AVATAR_MIN_GAMES
  const pro = profile.subscription.active

  async function save(avatar: string) {
    setChoice(null)
    const got = await call(() => api.api.user.avatar.post({ avatar }))
    if (got.ok) {
      session.profile.value = { ...profile, ...got.data, avatar }
      notices.add('success', t('profile.avatarSaved'))
    } else if (got.code === 'NO_COINS_ENOUGH') notices.add('error', t('restriction.coins'))
    else if (got.code === 'AVATAR_NEEDS_PRO') notices.add('error', t('profile.avatarNeedsPro'))
    else notices.add('error', t('shop.failed'))
  }

  return (
    <section className="card">
      <h2>{t('profile.avatar')}</h2>
      {canEdit ? (
        <div className="avatar-choices" data-testid="avatar-choices">
          {AVATAR_CATALOGUE.map((avatar) => {
            const locked = avatar.pro && !pro
            return (
              <button
                type="button"
                key={avatar.id}
                className="reaction-choice avatar-choice"
                aria-pressed={profile.avatar === avatar.id}
                disabled={locked}
                title={avatar.pro ? t('profile.avatarPro') : undefined}
                onClick={() => setChoice(avatar.id)}
              >
                {avatar.emoji}
                {avatar.pro && <span className="avatar-choice__pro">PRO</span>}
              </button>
            )
          })}
        </div>
      ) : (
        <p className="muted">{t('profile.avatarLocked', { n: AVATAR_MIN_GAMES })}</p>
      )}
      {choice && (
        <ConfirmDialog
          title={t('profile.avatarConfirm')}
          text={t('profile.avatarCost', { n: COINS.perAvatar })}
          confirmLabel={t('actions.save')}
          cancelLabel={t('actions.cancel')}
          onCancel={() => setChoice(null)}
          onConfirm={() => void save(choice)}
        />
      )}
    </section>
  )
}
