import { BUILD_ID_META } from '../../shared/markup.ts'
import { LATEST_BUILD_PATH } from '../../shared/paths.ts'

/**
 * SPEC.md §2: the page reloads when a newer build is detected. The server names the build of the
 * page in a meta tag and the build it serves now at /builds/latest.json (src/pages/build-id.ts).
 * Every navigation of this app loads a whole page, and so the build being served; what can hold an
 * older build is a page that stays open: restored from the back-forward cache, or a Mini App brought
 * back from the background. Those check again, and the first check runs 1 s after load (SPEC §9).
 */
export const FIRST_CHECK_DELAY_MS = 1000

export interface BuildCheckDeps {
  /** The build of this page (its meta tag); null: nothing to compare, no check. */
  own: string | null
  /** The build the server serves now; null when it cannot tell. */
  latest(): Promise<string | null>
  /** A guarded reload (reload-guard.ts). */
  reload(): void
  setTimeout(fn: () => void, ms: number): unknown
}

/** The page's own build, from the meta tag the server wrote. */
export function ownBuildId(doc: Pick<Document, 'querySelector'>): string | null {
  return doc.querySelector(`meta[name="${BUILD_ID_META}"]`)?.getAttribute('content') || null
}

/** GET /builds/latest.json through `fetcher`; null on any failure (offline is not a new build). */
export type Fetcher = (input: URL, init: RequestInit) => Promise<Response>

export async function fetchLatestBuild(origin: string, fetcher: Fetcher): Promise<string | null> {
  try {
    const res = await fetcher(new URL(LATEST_BUILD_PATH, origin), { cache: 'no-store' })
    if (!res.ok) return null
    const body = (await res.json()) as { id?: unknown }
    return typeof body.id === 'string' && body.id ? body.id : null
  } catch {
    return null
  }
}

/** Checks now and answers whether a newer build was found (and the reload asked for). */
export async function checkBuild(deps: BuildCheckDeps): Promise<boolean> {
  if (!deps.own) return false
  const latest = await deps.latest()
  if (latest === null || latest === deps.own) return false
  deps.reload()
  return true
}

/**
 * The first check after FIRST_CHECK_DELAY_MS; `again` is how the caller asks for one more (a
 * restored page, an app back in view). One check at a time.
 */
export function startBuildCheck(deps: BuildCheckDeps): { again(): void } {
  let running = false
  const run = () => {
    if (running) return
    running = true
    void checkBuild(deps).finally(() => {
      running = false
    })
  }
  deps.setTimeout(run, FIRST_CHECK_DELAY_MS)
  return { again: run }
}
