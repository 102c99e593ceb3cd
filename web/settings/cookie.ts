import {
  BOARD_SIZES,
  BOARD_TYPES,
  DEFAULT_OPTIONS,
  DICT_TYPES,
  type GameOptions,
  TIME_MODES,
} from '../../engine/index.ts'
import { type CookieJar, FOREVER, readJsonCookie, writeCookie } from '../../shared/cookies.ts'
import { isLang, type Lang } from '../../shared/i18n.ts'

/** SPEC.md §3: settings live in a cookie that expires in 2100. The name is ours (the spec leaves it open). */
export const SETTINGS_COOKIE = 'settings'

export interface Settings {
  theme: 'light' | 'dark'
  sound: boolean
  language: Lang
  customGameOptions: GameOptions
  antiCheatMonitor: boolean
}

export const DEFAULT_SETTINGS: Settings = {
  theme: 'light',
  sound: true,
  language: 'en',
  customGameOptions: DEFAULT_OPTIONS,
  antiCheatMonitor: false,
}

function oneOf<T>(allowed: readonly T[], value: unknown, fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback
}

function options(value: unknown): GameOptions {
  const o = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  const d = DEFAULT_OPTIONS
  return {
    boostersOn: bool(o.boostersOn, d.boostersOn),
    hintsOn: bool(o.hintsOn, d.hintsOn),
    dictType: oneOf(DICT_TYPES, o.dictType, d.dictType),
    boardSize: oneOf(BOARD_SIZES, o.boardSize, d.boardSize),
    boardType: oneOf(BOARD_TYPES, o.boardType, d.boardType),
    timeMode: oneOf(TIME_MODES, o.timeMode, d.timeMode),
  }
}

/** Whatever the cookie holds (old versions, hand edits), the result is a complete, valid Settings. */
export function sanitizeSettings(value: unknown): Settings {
  const s = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  const d = DEFAULT_SETTINGS
  return {
    theme: oneOf(['light', 'dark'] as const, s.theme, d.theme),
    sound: bool(s.sound, d.sound),
    language: isLang(s.language) ? s.language : d.language,
    customGameOptions: options(s.customGameOptions),
    antiCheatMonitor: bool(s.antiCheatMonitor, d.antiCheatMonitor),
  }
}

export function readSettingsCookie(jar: CookieJar): Settings {
  return sanitizeSettings(readJsonCookie(jar, SETTINGS_COOKIE))
}

export function writeSettingsCookie(jar: CookieJar, settings: Settings): void {
  writeCookie(jar, SETTINGS_COOKIE, JSON.stringify(settings), { expires: FOREVER, sameSite: 'Lax' })
}
