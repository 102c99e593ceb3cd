import { effect } from '@preact/signals-react'
import { useEffect } from 'react'
import { useIsland } from '../shell/context.ts'
import type { Session } from './store.ts'

/**
 * Starts the session once access is granted (a cookie, or Telegram's init data accepted) and
 * lifts the overlay when its data is in. Browser only: effects do not run on the server. A visitor
 * of an open page (no token, no launch data) has no session: /api/init would only answer 401,
 * which signs out and reloads, for ever.
 */
export function useSession(): Session {
  const { session, screenReady, accessGranted, auth, host } = useIsland()
  useEffect(
    () =>
      effect(() => {
        if (!accessGranted.value) return
        if (!auth.isAuthenticated.value && !host.launch) {
          screenReady.value = true
          return
        }
        void session.start().finally(() => {
          screenReady.value = true
        })
      }),
    [session, screenReady, accessGranted, auth, host],
  )
  return session
}
