/** SPEC.md §3/§4: the preference is kept in localStorage; 'system' follows the OS setting live. */
export const COLOR_MODE_KEY = 'gaw-color-mode'
export const COLOR_MODES = ['system', 'light', 'dark'] as const
export type ColorModePreference = (typeof COLOR_MODES)[number]
export type ColorMode = Exclude<ColorModePreference, 'system'>

/** <html> attributes: the server writes the route's forced mode, the client the resolved one. */
export const FORCED_ATTR = 'data-forced-color-mode'
export const THEME_ATTR = 'data-theme'
export const DARK_QUERY = '(prefers-color-scheme: dark)'

export function isExplicit(value: unknown): value is ColorMode {
  return value === 'light' || value === 'dark'
}

export function asPreference(value: unknown): ColorModePreference {
  return isExplicit(value) || value === 'system' ? value : 'system'
}

/** A route-forced mode wins; then an explicit preference; 'system' follows the OS. */
export function resolveColorMode(
  preference: ColorModePreference,
  forced: ColorMode | null,
  systemDark: boolean,
): ColorMode {
  if (forced) return forced
  if (preference !== 'system') return preference
  return systemDark ? 'dark' : 'light'
}
