import { effect, type Signal, signal } from '@preact/signals-react'
import { createContext, useContext, useEffect } from 'react'
import { type Translate, translator } from '../../shared/i18n.ts'
import type { PageProps } from '../../shared/page-props.ts'
import { type Api, createApi } from '../api/client.ts'
import { type AuthStore, createAuthStore } from '../auth/store.ts'
import { type ColorModeStore, createColorModeStore } from '../color-mode/store.ts'
import { createNotices, type Notices } from '../notices/store.ts'
import { createSession, type Session } from '../session/store.ts'
import { createSettingsStore, type SettingsStore } from '../settings/store.ts'
import { createSoundPlayer, type SoundPlayer } from '../sound/sounds.ts'
import type { Host } from './host.ts'
import { isPageNavigation } from './link-navigation.ts'
import { createLoading, type Loading } from './loading.ts'

/** One per island, built when the island first renders: stores never live at module level. */
export interface Island {
  props: PageProps
  host: Host
  t: Translate
  api: Api
  auth: AuthStore
  settings: SettingsStore
  colorMode: ColorModeStore
  /** The signed-in user's live state (init, socket); started by the screens that need it. */
  session: Session
  notices: Notices
  sounds: SoundPlayer
  /** The top loading bar (SPEC.md §9): API calls and navigations. */
  loading: Loading
  /** Set by the screen once its data is in; the overlay lifts when this and access both hold. */
  screenReady: Signal<boolean>
  accessGranted: Signal<boolean>
  /** The Mini App's address opened without Telegram's launch data (SPEC.md §5): the page says so. */
  outsideTelegram: Signal<boolean>
  /** Starts the island's live wiring (browser only); returns the undo. */
  start(): () => void
}

export function createIsland(props: PageProps, pageHost: Host): Island {
  const loading = createLoading()
  // A navigation runs the loading bar until the next page is there. The page's host stays the
  // prototype, so whatever else it has (or is given later) reads through.
  const host: Host = Object.create(pageHost)
  host.navigate = (url) => {
    loading.navigate()
    pageHost.navigate(url)
  }
  host.replace = (url) => {
    loading.navigate()
    pageHost.replace(url)
  }
  const auth = createAuthStore({ cookies: host.cookies, secure: host.secure })
  auth.loadFromCookie()
  const colorMode = createColorModeStore({
    storage: host.storage,
    matchMedia: host.matchMedia,
    // Inside Telegram its theme decides; elsewhere the route's meta may force a mode.
    routeColorMode: host.colorModeOverride ?? props.colorMode,
  })
  const screenReady = signal(false)
  const accessGranted = signal(props.access === 'open' || auth.isAuthenticated.value)
  const fetcher = ((input: RequestInfo | URL, init?: RequestInit) =>
    loading.track((host.fetch ?? globalThis.fetch)(input, init))) as typeof fetch
  const api = createApi({ origin: host.origin, token: () => auth.token.value, fetch: fetcher })
  const settings = createSettingsStore({ cookies: host.cookies })
  return {
    props,
    host,
    t: translator(props.lang),
    api,
    auth,
    settings,
    colorMode,
    session: createSession({ api, auth, host, lang: props.lang, path: props.path }),
    notices: createNotices(),
    sounds: createSoundPlayer(() => settings.settings.value.sound),
    loading,
    screenReady,
    accessGranted,
    outsideTelegram: signal(false),
    start() {
      const stopColor = colorMode.start(document.documentElement)
      const stopReady = effect(() => {
        if (screenReady.value && accessGranted.value) host.markInitialised()
      })
      const onClick = (event: MouseEvent) => {
        if (isPageNavigation(event, location.origin, location.href)) loading.navigate()
      }
      // A page restored from the back-forward cache left with its bar running.
      const onPageShow = (event: PageTransitionEvent) => {
        if (event.persisted) loading.reset()
      }
      document.addEventListener('click', onClick)
      window.addEventListener('pageshow', onPageShow)
      return () => {
        stopColor()
        stopReady()
        document.removeEventListener('click', onClick)
        window.removeEventListener('pageshow', onPageShow)
      }
    },
  }
}

export const IslandContext = createContext<Island | null>(null)

export function useIsland(): Island {
  const island = useContext(IslandContext)
  if (!island) throw new Error('useIsland outside an IslandRoot')
  return island
}

export function useT(): Translate {
  return useIsland().t
}

/** For screens with nothing to load: ready once mounted (after hydration). */
export function useReadyOnMount(): void {
  const { screenReady } = useIsland()
  useEffect(() => {
    screenReady.value = true
  }, [screenReady])
}
