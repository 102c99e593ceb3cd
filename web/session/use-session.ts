import { effect } from '@preact/signals-react'
import { useEffect } from 'react'
import { useIsland } from '../shell/context.ts'
import type { Session } from './store.ts'

/**
 * Starts the session once access is granted (a cookie, or Telegram's init data accepted) and
 * lifts the overlay when its data is in. Browser only: effects do not run on the server.
 */
export function useSession(): Session {
  const { session, screenReady, accessGranted } = useIsland()
  useEffect(
    () =>
      effect(() => {
        if (!accessGranted.value) return
        void session.start().finally(() => {
          screenReady.value = true
        })
      }),
    [session, screenReady, accessGranted],
  )
  return session
}
