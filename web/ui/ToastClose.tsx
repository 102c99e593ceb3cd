import { useT } from '../shell/context.ts'

/** The × that dismisses a toast. */
export function ToastClose({ onClose }: { onClose(): void }) {
  const t = useT()
  return (
    <button type="button" className="toast__close" aria-label={t('actions.close')} onClick={onClose}>
      ×
    </button>
  )
}
