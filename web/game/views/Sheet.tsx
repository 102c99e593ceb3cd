import { type ReactNode, useId } from 'react'
import { useIsland } from '../../shell/context.ts'
import { useModal } from '../../ui/Dialog.tsx'

interface SheetProps {
  title: string
  children: ReactNode
  onClose(): void
  testId?: string
}

/**
 * A bottom sheet (phones: up from the bottom edge, over the navigation, so nothing of it is out of
 * reach; wider screens: a panel at the bottom centre). Escape or the backdrop closes it.
 */
export function Sheet({ title, children, onClose, testId }: SheetProps) {
  const { t } = useIsland()
  const titleId = useId()
  const ref = useModal(onClose)
  return (
    <div className="sheet-backdrop" onPointerDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
      >
        <header className="sheet__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="link-button" onClick={onClose} data-testid="sheet-close">
            {t('actions.close')}
          </button>
        </header>
        {children}
      </div>
    </div>
  )
}
