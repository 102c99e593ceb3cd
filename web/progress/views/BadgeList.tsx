import { useState } from 'react'
import { BADGE_IDS, BADGE_LEVELS, type BadgeId } from '../../../engine/index.ts'
import { useIsland } from '../../shell/context.ts'
import { Dialog } from '../../ui/Dialog.tsx'
import { BadgeIcon } from './BadgeIcon.tsx'

/** A badge's rule with its thresholds ("4, 6, 8"), in the page's language. */
export function useBadgeText() {
  const { t } = useIsland()
  return (id: BadgeId) => t(`badges.${id}.text`, { levels: BADGE_LEVELS[id].join(', ') })
}

/**
 * Every badge (SPEC.md §3): its picture, name and level; earned ones first, the rest grey. A tap
 * opens the badge with its text (how it is earned).
 */
export function BadgeList({ levels }: { levels: Record<string, number> }) {
  const { t } = useIsland()
  const text = useBadgeText()
  const [open, setOpen] = useState<BadgeId | null>(null)
  const level = (id: BadgeId) => levels[id] ?? 0
  const levelText = (id: BadgeId) =>
    level(id) ? t('progress.badgeLevel', { n: level(id) }) : t('progress.notYet')
  const earned = BADGE_IDS.filter((id) => level(id) > 0)
  const ordered = [...earned, ...BADGE_IDS.filter((id) => level(id) === 0)]
  return (
    <section className="card" data-testid="badges">
      <h2>
        {t('profile.badges')}{' '}
        <span className="muted small">
          {t('progress.ofBadges', { n: earned.length, total: BADGE_IDS.length })}
        </span>
      </h2>
      <ul className="badge-grid">
        {ordered.map((id) => (
          <li key={id}>
            <button
              type="button"
              className={`badge-tile ${level(id) ? '' : 'badge-tile--locked'}`}
              onClick={() => setOpen(id)}
              data-testid={`badge-${id}`}
            >
              <BadgeIcon id={id} level={level(id)} />
              <span className="badge-tile__name">{t(`badges.${id}.name`)}</span>
              <span className="muted small">{levelText(id)}</span>
            </button>
          </li>
        ))}
      </ul>
      {open && (
        <Dialog
          title={t(`badges.${open}.name`)}
          onClose={() => setOpen(null)}
          className="badge-dialog"
          actions={
            <button type="button" className="button" onClick={() => setOpen(null)}>
              {t('actions.close')}
            </button>
          }
        >
          <div className="badge-dialog__body" data-testid="badge-detail">
            <BadgeIcon id={open} level={level(open)} size={96} />
            <p>{text(open)}</p>
            <p className="muted small">{levelText(open)}</p>
          </div>
        </Dialog>
      )}
    </section>
  )
}
