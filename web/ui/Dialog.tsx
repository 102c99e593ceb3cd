import { type ReactNode, useEffect, useId, useRef } from 'react'

interface DialogProps {
  title: string
  children?: ReactNode
  onClose(): void
  /** Buttons row. */
  actions?: ReactNode
  className?: string
}

/** A modal's manners: focus moves into its panel, Escape closes it. Answers the panel's ref. */
export function useModal(onClose: () => void) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const panel = ref.current
    panel?.querySelector<HTMLElement>('button, input, select, [tabindex]')?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onClose])
  return ref
}

/** A modal panel: focus moves into it, Escape closes it. */
export function Dialog({ title, children, onClose, actions, className }: DialogProps) {
  const titleId = useId()
  const ref = useModal(onClose)
  return (
    <div className="dialog-backdrop">
      <div
        ref={ref}
        className={`dialog ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
        {actions && <div className="dialog__actions">{actions}</div>}
      </div>
    </div>
  )
}

interface ConfirmProps {
  title: string
  text?: string
  confirmLabel: string
  cancelLabel: string
  onConfirm(): void
  onCancel(): void
  danger?: boolean
}

/** SPEC.md §5 confirmations (surrender, hint, skip result, …). */
export function ConfirmDialog(props: ConfirmProps) {
  return (
    <Dialog
      title={props.title}
      onClose={props.onCancel}
      className="dialog--confirm"
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={props.onCancel}>
            {props.cancelLabel}
          </button>
          <button
            type="button"
            className={`button ${props.danger ? 'button--danger' : ''}`}
            onClick={props.onConfirm}
            data-testid="confirm"
          >
            {props.confirmLabel}
          </button>
        </>
      }
    >
      {props.text && <p>{props.text}</p>}
    </Dialog>
  )
}
