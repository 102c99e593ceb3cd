// The server's one door into web/ (ARCHITECTURE.md: src/ imports from web/ only island roots, only
// in src/pages/). Everything server rendering needs from the client side is re-exported here.

export { authFromCookieHeader } from '../auth/cookie.ts'
export { WIDGET_FRAME_ORIGIN, WIDGET_SCRIPT } from '../auth/TelegramLoginWidget.tsx'
export { COLOR_MODE_BOOT_SCRIPT } from '../color-mode/boot-script.ts'
export { type ColorModePreference, FORCED_ATTR } from '../color-mode/mode.ts'
export { parseCookies } from '../cookies.ts'
export { isLang, LANGS, type Lang, type MessageKey, translate } from '../i18n.ts'
// The server renders every language: all tables load with its door.
export { TABLES } from '../i18n-tables.ts'
export { LOCALE_COOKIE, localeCookie } from '../locale-cookie.ts'
export { DEFAULT_LANG, localePath, safeNext, signInPath, splitLocale } from '../paths.ts'
export { BUILD_ID_META } from '../shell/build-check.ts'
export { serverHost } from '../shell/host.ts'
export { IslandRoot } from '../shell/IslandRoot.tsx'
export type { Access, Layout, PageProps } from '../shell/page-props.ts'
export { TMA_HINT_COOKIE } from '../telegram/launch.ts'
export { ISLAND_ATTR, PROPS_ATTR, serializeProps } from './markup.ts'
export { ISLANDS, type IslandName } from './registry.ts'
