import { describe, expect, test } from 'bun:test'
import { DEFAULT_OPTIONS } from '../../engine/index.ts'
import { DEFAULT_SETTINGS, SETTINGS_COOKIE, sanitizeSettings } from '../../web/settings/cookie.ts'
import { createSettingsStore } from '../../web/settings/store.ts'
import { recordingJar } from './jar.ts'

describe('settings cookie (SPEC.md §3)', () => {
  test('defaults: language en, the default game options', () => {
    const store = createSettingsStore({ cookies: recordingJar() })
    expect(store.settings.value).toEqual(DEFAULT_SETTINGS)
    expect(store.settings.value.language).toBe('en')
    expect(store.settings.value.customGameOptions).toEqual(DEFAULT_OPTIONS)
  })

  test('an update is saved as JSON expiring in 2100 and read back by a new store', () => {
    const jar = recordingJar()
    createSettingsStore({ cookies: jar }).update({ sound: false, language: 'es' })
    expect(jar.writes[0]).toContain(`${SETTINGS_COOKIE}=`)
    expect(jar.writes[0]).toContain('Expires=Fri, 01 Jan 2100 00:00:00 GMT')
    const again = createSettingsStore({ cookies: jar })
    expect(again.settings.value.sound).toBe(false)
    expect(again.settings.value.language).toBe('es')
  })

  test('a damaged or foreign cookie gives valid settings, keeping what is valid', () => {
    expect(sanitizeSettings('garbage')).toEqual(DEFAULT_SETTINGS)
    const s = sanitizeSettings({
      theme: 'dark',
      sound: 'yes',
      language: 'de',
      customGameOptions: { boardSize: 7, timeMode: 'forever', hintsOn: false },
      antiCheatMonitor: true,
    })
    expect(s.theme).toBe('dark')
    expect(s.sound).toBe(true)
    expect(s.language).toBe('en')
    expect(s.customGameOptions).toEqual({ ...DEFAULT_OPTIONS, boardSize: 7, hintsOn: false })
    expect(s.antiCheatMonitor).toBe(true)
    const jar = recordingJar(`${SETTINGS_COOKIE}=%7Bbroken`)
    expect(createSettingsStore({ cookies: jar }).settings.value).toEqual(DEFAULT_SETTINGS)
  })
})
