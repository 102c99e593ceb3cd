import { beforeEach, describe, expect, test } from 'bun:test'
import {
  COLOR_MODE_KEY,
  type ColorMode,
  type ColorModePreference,
  FORCED_ATTR,
  resolveColorMode,
  THEME_ATTR,
} from '../../shared/color-mode.ts'
import { COLOR_MODE_BOOT_SCRIPT } from '../../shared/color-mode-boot.ts'
import { createColorModeStore } from '../../web/color-mode/store.ts'
import { withDom } from './dom.ts'

withDom()

/** A matchMedia whose answer the test flips, firing 'change' like a browser does. */
function fakeMedia(dark: boolean) {
  const listeners = new Set<(e: MediaQueryListEvent) => void>()
  const list = {
    get matches() {
      return dark
    },
    addEventListener: (_: string, fn: (e: MediaQueryListEvent) => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: (e: MediaQueryListEvent) => void) => listeners.delete(fn),
  } as unknown as MediaQueryList
  return {
    matchMedia: (_query: string) => list,
    listeners,
    setDark(next: boolean) {
      dark = next
      for (const fn of listeners) fn({ matches: next } as MediaQueryListEvent)
    },
  }
}

const CASES: [ColorModePreference, ColorMode | null, boolean, ColorMode][] = [
  ['system', null, false, 'light'],
  ['system', null, true, 'dark'],
  ['light', null, true, 'light'],
  ['dark', null, false, 'dark'],
  ['system', 'dark', false, 'dark'],
  ['light', 'dark', false, 'dark'],
  ['dark', 'light', true, 'light'],
]

describe('resolveColorMode', () => {
  test.each(CASES)(
    'preference %s, forced %s, OS dark %s → %s',
    (preference, forced, systemDark, expected) => {
      expect(resolveColorMode(preference, forced, systemDark)).toBe(expected)
    },
  )
})

describe('inline boot script (before first paint)', () => {
  const root = () => document.documentElement
  beforeEach(() => {
    localStorage.clear()
    root().removeAttribute(THEME_ATTR)
    root().removeAttribute(FORCED_ATTR)
  })

  test.each(CASES)(
    'preference %s, forced %s, OS dark %s → %s (same rule as the store)',
    (preference, forced, systemDark, expected) => {
      localStorage.setItem(COLOR_MODE_KEY, preference)
      if (forced) root().setAttribute(FORCED_ATTR, forced)
      const saved = globalThis.matchMedia
      globalThis.matchMedia = fakeMedia(systemDark).matchMedia as typeof matchMedia
      try {
        new Function(COLOR_MODE_BOOT_SCRIPT)()
      } finally {
        globalThis.matchMedia = saved
      }
      expect(root().getAttribute(THEME_ATTR)).toBe(expected)
      expect(root().style.colorScheme).toBe(expected)
    },
  )

  test('a garbage stored value counts as system; a throwing storage does not break the page', () => {
    localStorage.setItem(COLOR_MODE_KEY, 'purple')
    const saved = globalThis.matchMedia
    globalThis.matchMedia = fakeMedia(true).matchMedia as typeof matchMedia
    const getItem = Storage.prototype.getItem
    try {
      new Function(COLOR_MODE_BOOT_SCRIPT)()
      expect(root().getAttribute(THEME_ATTR)).toBe('dark')
      Storage.prototype.getItem = () => {
        throw new Error('blocked')
      }
      new Function(COLOR_MODE_BOOT_SCRIPT)()
      expect(root().getAttribute(THEME_ATTR)).toBe('dark')
    } finally {
      Storage.prototype.getItem = getItem
      globalThis.matchMedia = saved
    }
  })
})

describe('colour mode store', () => {
  beforeEach(() => localStorage.clear())
  /** A store on the page's localStorage and this OS setting, on a route that forces `routeColorMode`. */
  const storeOn = (media: ReturnType<typeof fakeMedia>, routeColorMode: ColorModePreference = 'system') =>
    createColorModeStore({ storage: localStorage, matchMedia: media.matchMedia, routeColorMode })

  test('system follows the OS live, and <html> follows the store', () => {
    const media = fakeMedia(false)
    const store = storeOn(media)
    const stop = store.start(document.documentElement)
    expect(document.documentElement.getAttribute(THEME_ATTR)).toBe('light')
    media.setDark(true)
    expect(store.resolved.value).toBe('dark')
    expect(document.documentElement.getAttribute(THEME_ATTR)).toBe('dark')
    stop()
    expect(media.listeners.size).toBe(0)
  })

  test('an OS switch between the store made and started (the page still loading) is not missed', () => {
    const media = fakeMedia(false)
    const store = storeOn(media)
    media.setDark(true)
    const stop = store.start(document.documentElement)
    expect(document.documentElement.getAttribute(THEME_ATTR)).toBe('dark')
    stop()
  })

  test('an explicit choice stays whatever the OS does, and is saved under gaw-color-mode', () => {
    const media = fakeMedia(true)
    const store = storeOn(media)
    store.setPreference('light')
    media.setDark(true)
    expect(store.resolved.value).toBe('light')
    expect(localStorage.getItem(COLOR_MODE_KEY)).toBe('light')
    const next = storeOn(media)
    expect(next.preference.value).toBe('light')
  })

  test("a route's forced mode overrides the preference until the next navigation", () => {
    localStorage.setItem(COLOR_MODE_KEY, 'light')
    const store = storeOn(fakeMedia(false), 'dark')
    expect(store.resolved.value).toBe('dark')
    store.setPreference('light')
    expect(store.resolved.value).toBe('dark')
    store.clearForced()
    expect(store.resolved.value).toBe('light')
  })

  test('without storage or matchMedia (server) it resolves to light and does not throw', () => {
    const store = createColorModeStore({ storage: null, matchMedia: null, routeColorMode: 'system' })
    expect(store.resolved.value).toBe('light')
    store.setPreference('dark')
    expect(store.resolved.value).toBe('dark')
  })
})
