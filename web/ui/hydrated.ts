import { startTransition, useEffect, useState } from 'react'

/**
 * False on the server and while the page hydrates, true from the render after: a view the server
 * does not render waits for it, so hydration meets the markup the server sent. The switch is a
 * transition, rendered in slices after hydration's commit rather than at once inside it (the
 * lazily loaded views it lets in were a long task on a throttled phone).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true))
  }, [hydrated])
  return hydrated
}
