import { type CookieJar, headerJar, isSecureContext } from '../../shared/cookies.ts'
import type { LaunchParams } from '../telegram/launch.ts'
import type { TelegramBridge } from '../telegram/sdk.ts'
import { reloadOnce } from './reload-guard.ts'

/** Everything an island needs from its surroundings: the browser, the server renderer or a test. */
export interface Host {
  cookies: CookieJar
  /** Whether cookies may be Secure (https). */
  secure: boolean
  storage: Pick<Storage, 'getItem' | 'setItem'> | null
  matchMedia: ((query: string) => MediaQueryList) | null
  origin: string
  fetch: typeof fetch | undefined
  navigate(url: string): void
  /** Navigates without adding a history entry. */
  replace(url: string): void
  /** Reloads the page, at most once per path per 10 s (reload-guard.ts). */
  reload(): void
  /** Hides the loading overlay. */
  markInitialised(): void
  launch: LaunchParams | null
  /** Haptic feedback (Telegram Mini App only). */
  haptic?(kind: 'selection' | 'accept' | 'reject'): void
  /** Asks before the Mini App closes while on (Telegram only). */
  closingConfirmation?(on: boolean): void
  /** Shares a link through the messenger (Telegram only). */
  shareLink?(url: string, text: string): void
  /** Opens a Stars invoice inside the messenger (Telegram only). */
  openInvoice?(url: string): void
  /** Shows the messenger's back button calling `onBack`, or hides it (Telegram only). */
  backButton?(onBack: (() => void) | null): void
  /** The messenger's theme decides light or dark (Telegram only). */
  colorModeOverride?: 'light' | 'dark'
  /** Whether the page is shown, and its changes (hidden: another tab, the Mini App in the background). */
  visibility?: PageVisibility
}

export interface PageVisibility {
  hidden(): boolean
  /** Calls `fn` on every change; returns the undo. */
  onChange(fn: (hidden: boolean) => void): () => void
}

const INITIALISED_ATTR = 'data-initialised'

/** The server renders with the request's cookies and nothing else of a browser. */
export function serverHost(cookieHeader: string | null, origin: string): Host {
  return {
    cookies: headerJar(cookieHeader),
    secure: false,
    storage: null,
    matchMedia: null,
    origin,
    fetch: undefined,
    navigate() {},
    replace() {},
    reload() {},
    markInitialised() {},
    launch: null,
  }
}

function storageOrNull(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return globalThis[kind]
  } catch {
    return null
  }
}

function documentVisibility(doc: Document): PageVisibility {
  return {
    hidden: () => doc.visibilityState === 'hidden',
    onChange(fn) {
      const listener = () => fn(doc.visibilityState === 'hidden')
      doc.addEventListener('visibilitychange', listener)
      return () => doc.removeEventListener('visibilitychange', listener)
    },
  }
}

export function browserHost(launch: LaunchParams | null, telegram: TelegramBridge | null = null): Host {
  const host: Host = {
    cookies: document,
    secure: isSecureContext(),
    storage: storageOrNull('localStorage'),
    matchMedia: typeof matchMedia === 'function' ? (q) => matchMedia(q) : null,
    origin: location.origin,
    fetch: undefined,
    navigate: (url) => location.assign(url),
    replace: (url) => location.replace(url),
    reload: () =>
      void reloadOnce(
        { storage: storageOrNull('sessionStorage'), now: Date.now, reload: () => location.reload() },
        location.pathname,
      ),
    markInitialised: () => document.documentElement.setAttribute(INITIALISED_ATTR, ''),
    launch,
    visibility: documentVisibility(document),
  }
  if (!telegram) return host
  return {
    ...host,
    haptic: telegram.haptic,
    closingConfirmation: telegram.closingConfirmation,
    shareLink: telegram.shareLink,
    openInvoice: telegram.openInvoice,
    backButton: telegram.backButton,
    ...(telegram.dark === null ? {} : { colorModeOverride: telegram.dark ? 'dark' : 'light' }),
  }
}
