import { matchRoute } from '../pages/routes.ts'

/** Languages with a URL prefix (shared/paths.ts): Russian, the default, has none. */
const LOCALE_PREFIX = /^\/(en|es)(?=\/|$)/

export const UNKNOWN_ROUTE = '(unknown)'

/**
 * The route pattern a path belongs to (`/en/game/abc?x=1` → `/game/:id`), whatever its language:
 * the figures group by these, a set as small as SPEC.md §2's table, whatever paths clients send.
 */
export function routeName(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? ''
  const unprefixed = pathname.replace(LOCALE_PREFIX, '') || '/'
  return matchRoute(unprefixed)?.route.pattern ?? UNKNOWN_ROUTE
}
