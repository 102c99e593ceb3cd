import type { ColorModePreference } from '../../shared/color-mode.ts'
import type { MessageKey } from '../../shared/i18n.ts'
import type { IslandName } from '../../shared/islands.ts'
import type { Access, Layout } from '../../shared/page-props.ts'

/** One row of SPEC.md §2's route table, with the meta the page and its island need. */
export interface RouteDef {
  /** Unprefixed path; ':id' marks a parameter segment. */
  pattern: string
  island: IslandName
  layout: Layout
  /** A colour mode other than 'system' is forced until the next navigation. */
  colorMode: ColorModePreference
  access: Access
  titleKey: MessageKey
  /** The loading overlay covers the page until the island is initialised (all but /signin). */
  overlay: boolean
}

const miniApp = (pattern: string, island: IslandName, titleKey: MessageKey, access: Access = 'auth') =>
  ({ pattern, island, layout: 'mini-app', colorMode: 'system', access, titleKey, overlay: true }) as const

export const ROUTES: readonly RouteDef[] = [
  miniApp('/', 'Home', 'screens.home'),
  miniApp('/daily', 'Daily', 'screens.daily'),
  // Not in SPEC.md §2's table: the archive of past days over GET /api/dailies/arhive (docs/web.md).
  miniApp('/daily/archive', 'DailyArchive', 'screens.dailyArchive'),
  miniApp('/tutor', 'Tutor', 'screens.tutor'),
  miniApp('/rating', 'Rating', 'screens.rating'),
  {
    pattern: '/signin',
    island: 'SignIn',
    layout: 'signin',
    colorMode: 'system',
    access: 'open',
    titleKey: 'screens.signin',
    overlay: false,
  },
  miniApp('/settings', 'Settings', 'screens.settings'),
  // How to play is readable before signing in (docs/web.md); its games still need an account.
  miniApp('/tutorial', 'Tutorial', 'screens.tutorial', 'open'),
  miniApp('/game/:id', 'Game', 'screens.game', 'open'),
  miniApp('/profile/:id', 'Profile', 'screens.profile', 'open'),
  miniApp('/profile', 'Profile', 'screens.ownProfile'),
  {
    pattern: '/dev',
    island: 'Dev',
    layout: 'default',
    colorMode: 'system',
    access: 'open',
    titleKey: 'screens.dev',
    overlay: true,
  },
]

/** The islands that show the Telegram Login Widget: sign-in, and Settings (linking Telegram). */
export const WIDGET_ISLANDS: ReadonlySet<IslandName> = new Set(['SignIn', 'Settings'])

/** The 404 page's meta: open to anyone, no overlay. */
export const NOT_FOUND_ROUTE: RouteDef = {
  pattern: '',
  island: 'NotFound',
  layout: 'default',
  colorMode: 'system',
  access: 'open',
  titleKey: 'pages.notFound.title',
  overlay: false,
}

/** Route parameter validation (ids are 24 hex today; the check stays lenient but URL-safe). */
const PARAM = /^[A-Za-z0-9_-]{1,64}$/

export interface RouteMatch {
  route: RouteDef
  params: Record<string, string>
}

function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '')
}

/** Matches an unprefixed path (a trailing slash is ignored); null means 404. */
export function matchRoute(path: string): RouteMatch | null {
  const parts = segments(path)
  for (const route of ROUTES) {
    const pattern = segments(route.pattern)
    if (pattern.length !== parts.length) continue
    const params: Record<string, string> = {}
    const matched = pattern.every((seg, i) => {
      if (!seg.startsWith(':')) return seg === parts[i]
      let value: string
      try {
        value = decodeURIComponent(parts[i])
      } catch {
        return false
      }
      if (!PARAM.test(value)) return false
      params[seg.slice(1)] = value
      return true
    })
    if (matched) return { route, params }
  }
  return null
}
