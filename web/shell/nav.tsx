import type { MessageKey } from '../../shared/i18n.ts'

export type NavId = 'home' | 'daily' | 'rating' | 'profile' | 'settings'

/** The main navigation of the mini-app layout: the phone's tab bar, the desktop's header. */
export const MAIN_NAV: readonly { id: NavId; path: string; label: MessageKey }[] = [
  { id: 'home', path: '/', label: 'nav.home' },
  { id: 'daily', path: '/daily', label: 'nav.daily' },
  { id: 'rating', path: '/rating', label: 'nav.rating' },
  { id: 'profile', path: '/profile', label: 'nav.profile' },
  { id: 'settings', path: '/settings', label: 'nav.settings' },
]

// 24×24 outlines drawn with the text colour: no icon font, no request.
const PATHS: Record<NavId, string> = {
  home: 'M3 11 12 4l9 7M5.5 9.5V20h5v-5.5h3V20h5V9.5',
  daily: 'M4 6.5h16V20H4zM4 10.5h16M8 4v4M16 4v4M8.5 14.5h3v3h-3z',
  rating:
    'M8 4h8v5a4 4 0 0 1-8 0zM8 6H4.5a3.5 3.5 0 0 0 3.7 3.9M16 6h3.5a3.5 3.5 0 0 1-3.7 3.9M12 13v4M8 20h8M9.5 17h5v3h-5z',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20.5a7.5 7.5 0 0 1 15 0',
  settings:
    'M12 15.2a3.2 3.2 0 1 0 0-6.4 3.2 3.2 0 0 0 0 6.4zM19.4 13.5l1.6 1.2-2 3.4-1.9-.7a7 7 0 0 1-1.9 1.1L15 20.5h-4l-.3-2a7 7 0 0 1-1.9-1.1l-1.9.7-2-3.4 1.6-1.2a7 7 0 0 1 0-2.2L4.9 10.1l2-3.4 1.9.7a7 7 0 0 1 1.9-1.1L11 3.5h4l.3 2a7 7 0 0 1 1.9 1.1l1.9-.7 2 3.4-1.6 1.2a7 7 0 0 1 0 2.2z',
}

export function NavIcon({ id }: { id: NavId }) {
  return (
    <svg
      className="nav-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[id]} />
    </svg>
  )
}
