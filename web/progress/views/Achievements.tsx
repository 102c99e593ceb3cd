import type { AchievementId } from '../../../engine/index.ts'
import type { Achievements as Levels } from '../../../src/users/profile.ts'
import { useIsland } from '../../shell/context.ts'

/**
 * Achievements (SPEC.md §3, a PRO feature): each with its title, its description with the number
 * of the next level (or the top one reached), the level and the progress. `levels` is null when the
 * profile's owner has no PRO: the own profile then invites to PRO, another's shows nothing.
 */
export function Achievements({ levels, pro, onPro }: { levels: Levels; pro: boolean; onPro?: () => void }) {
  const { t } = useIsland()
  // PRO without levels yet (bought on this page: the profile reads them again) shows nothing.
  if (!levels && (pro || !onPro)) return null
  return (
    <section className="card" data-testid="achievements">
      <h2>
        {t('progress.achievements')} <span className="pro-mark">PRO</span>
      </h2>
      {levels ? (
        <ul className="achievements">
          {/* The server's levels, in its order; the engine's tables stay off the page (first-load
              JavaScript: every page would carry them). At the top level the goal is the value. */}
          {(Object.keys(levels) as AchievementId[]).map((id) => {
            const a = levels[id]
            const target = a.next ?? a.value
            return (
              <li
                key={id}
                className={`achievement ${a.level ? 'achievement--done' : ''}`}
                data-testid={`achievement-${id}`}
              >
                <div className="achievement__head">
                  <strong>{t(`achievements.${id}.title`)}</strong>
                  <span className="muted small">{t('progress.badgeLevel', { n: a.level })}</span>
                </div>
                <p className="small">{t(`achievements.${id}.text`, { n: target })}</p>
                <progress
                  max={target}
                  value={Math.min(a.value, target)}
                  aria-label={t(`achievements.${id}.title`)}
                />
                <p className="muted small">
                  {a.next === null
                    ? t('progress.top', { value: a.value })
                    : t('progress.progress', { value: a.value, next: a.next })}
                </p>
              </li>
            )
          })}
        </ul>
      ) : (
        <div className="pro-invite" data-testid="achievements-invite">
          <p>{t('progress.achievementsInvite')}</p>
          <button type="button" className="button" onClick={onPro}>
            {t('progress.toShop')}
          </button>
        </div>
      )}
    </section>
  )
}
