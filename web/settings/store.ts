import { signal } from '@preact/signals-react'
import type { CookieJar } from '../../shared/cookies.ts'
import { readSettingsCookie, type Settings, writeSettingsCookie } from './cookie.ts'

/** The settings of SPEC.md §3, loaded from and saved to their cookie. One per island. */
export function createSettingsStore(deps: { cookies: CookieJar }) {
  const settings = signal<Settings>(readSettingsCookie(deps.cookies))

  return {
    settings,
    update(patch: Partial<Settings>) {
      settings.value = { ...settings.value, ...patch }
      writeSettingsCookie(deps.cookies, settings.value)
    },
  }
}

export type SettingsStore = ReturnType<typeof createSettingsStore>
