import { type CookieJar, headerJar, isSecureContext } from '../cookies.ts'
import type { LaunchParams } from '../telegram/launch.ts'
import type { TelegramBridge } from '../telegram/sdk.ts'

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

function localStorageOrNull(): Storage | null {
  try {
    return localStorage
  } catch {
    return null
  }
}

export function browserHost(launch: LaunchParams | null, telegram: TelegramBridge | null = null): Host {
  const host: Host = {
    cookies: document,
    secure: isSecureContext(),
    storage: localStorageOrNull(),
    matchMedia: typeof matchMedia === 'function' ? (q) => matchMedia(q) : null,
    origin: location.origin,
    fetch: undefined,
    navigate: (url) => location.assign(url),
    replace: (url) => location.replace(url),
    reload: () => location.reload(),
    markInitialised: () => document.documentElement.setAttribute(INITIALISED_ATTR, ''),
    launch,
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
