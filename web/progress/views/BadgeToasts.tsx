import { useSignals } from '@preact/signals-react/runtime'
import { useIsland } from '../../shell/context.ts'
import { ToastClose } from '../../ui/ToastClose.tsx'
import type { BadgeToasts as Toasts } from '../badge-toasts.ts'
import { BadgeIcon } from './BadgeIcon.tsx'
import { useBadgeText } from './BadgeList.tsx'

/** A badge earned in the game (SPEC.md §3): a toast with its picture, name and level. */
export function BadgeToasts({ toasts }: { toasts: Toasts }) {
  useSignals()
  const { t } = useIsland()
  const text = useBadgeText()
  const list = toasts.list.value
  if (list.length === 0) return null
  return (
    <div className="toasts badge-toasts" aria-live="polite">
      {list.map((b) => {
        const name = t(`badges.${b.id}.name`)
        return (
          <div key={b.key} className="badge-toast" role="status" data-testid="badge-toast" data-badge={b.id}>
            <BadgeIcon id={b.id} level={b.level} size={44} />
            <span>
              <strong>
                {b.level > 1
                  ? t('progress.badgeLevelUp', { name, n: b.level })
                  : t('progress.badgeEarned', { name })}
              </strong>
              <span className="badge-toast__text small">{text(b.id)}</span>
            </span>
            <ToastClose onClose={() => toasts.dismiss(b.key)} />
          </div>
        )
      })}
    </div>
  )
}
