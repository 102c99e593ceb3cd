import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False on the server and while the page hydrates, true from then on (and at once in a render
 * after hydration): a view the server does not render waits for it, so hydration meets the markup
 * the server sent.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
