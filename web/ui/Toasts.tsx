import { useSignals } from '@preact/signals-react/runtime'
import { useIsland } from '../shell/context.ts'
import { ToastClose } from './ToastClose.tsx'

/** Notifications and the socket's reconnecting/reconnected notices, in a polite live region. */
export function Toasts() {
  useSignals()
  const { notices, session, t } = useIsland()
  const connection = session.socket.notice.value
  return (
    <div className="toasts" aria-live="polite">
      {connection && (
        <div className={`toast toast--${connection === 'reconnecting' ? 'info' : 'success'}`} role="status">
          {t(connection === 'reconnecting' ? 'app.reconnecting' : 'app.reconnected')}
        </div>
      )}
      {notices.list.value.map((n) => (
        <div key={n.id} className={`toast toast--${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'}>
          <span>{n.text}</span>
          <ToastClose onClose={() => notices.remove(n.id)} />
        </div>
      ))}
    </div>
  )
}
