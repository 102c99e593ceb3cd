/**
 * SPEC.md §2/§9: the page reloads (a newer build, a failed chunk, a 401) at most once per path per
 * 10 s. The times live in session storage, which survives the reload itself; without it no reload
 * happens at all, since nothing could then stop a loop.
 */
export const RELOAD_GUARD_MS = 10_000
export const RELOAD_GUARD_KEY = 'reload-guard'

export interface ReloadGuardDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null
  now: () => number
  reload: () => void
}

type Stamps = Record<string, number>

function read(storage: ReloadGuardDeps['storage']): Stamps {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(RELOAD_GUARD_KEY) ?? '{}')
    if (typeof parsed !== 'object' || parsed === null) return {}
    return Object.fromEntries(Object.entries(parsed).filter(([, at]) => typeof at === 'number'))
  } catch {
    return {}
  }
}

/** Reloads unless `path` was reloaded less than 10 s ago; answers whether it did. */
export function reloadOnce(deps: ReloadGuardDeps, path: string): boolean {
  if (!deps.storage) return false
  const now = deps.now()
  // Only the stamps still in force are kept, so the entry never grows.
  const stamps = Object.fromEntries(
    Object.entries(read(deps.storage)).filter(([, at]) => now - at < RELOAD_GUARD_MS && at <= now),
  )
  if (Object.hasOwn(stamps, path)) return false
  stamps[path] = now
  try {
    deps.storage.setItem(RELOAD_GUARD_KEY, JSON.stringify(stamps))
  } catch {
    return false
  }
  deps.reload()
  return true
}
