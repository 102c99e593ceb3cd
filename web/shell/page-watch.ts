import { fetchLatestBuild, ownBuildId, startBuildCheck } from './build-check.ts'
import { watchChunkErrors } from './chunk-errors.ts'

type PageWindow = Pick<Window, 'addEventListener' | 'removeEventListener' | 'setTimeout' | 'fetch'> & {
  location: { origin: string }
}

/**
 * The page-wide half of SPEC.md §2's newer-build rule: the build check 1 s after load, again when
 * the page comes back (restored from the back-forward cache, or shown again after being hidden),
 * and a failed chunk. Each ends in `reload`, which is guarded (once per path per 10 s).
 */
export function watchPage(win: PageWindow, doc: Document, reload: () => void): void {
  const build = startBuildCheck({
    own: ownBuildId(doc),
    latest: () => fetchLatestBuild(win.location.origin, (input, init) => win.fetch(input, init)),
    reload,
    setTimeout: (fn, ms) => win.setTimeout(fn, ms),
  })
  win.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted) build.again()
  })
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'visible') build.again()
  })
  watchChunkErrors(win, reload)
}
