import { type ComponentType, lazy, Suspense } from 'react'
import { useHydrated } from './hydrated.ts'

/**
 * A view that is not on screen when the page first shows (the end of a game, a sheet opened by a
 * tap): its code comes in its own chunk when it first renders, so the first load stays small.
 * Nothing shows while it loads; the server never renders these (their data is the client's), and
 * a hydrating page renders them only once hydrated, as the server left them out.
 */
export function later<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const View = lazy(async () => ({ default: await load() }))
  // biome-ignore lint/correctness/noComponentHookFactories: called once per view, at module scope
  return function Later(props: P) {
    const hydrated = useHydrated()
    if (!hydrated) return null
    return (
      <Suspense fallback={null}>
        <View {...props} />
      </Suspense>
    )
  }
}
