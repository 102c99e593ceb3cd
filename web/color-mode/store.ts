import { computed, effect, signal } from '@preact/signals-react'
import {
  asPreference,
  COLOR_MODE_KEY,
  type ColorMode,
  type ColorModePreference,
  DARK_QUERY,
  isExplicit,
  resolveColorMode,
  THEME_ATTR,
} from '../../shared/color-mode.ts'

export interface ColorModeDeps {
  /** localStorage, or null where there is none (server) or it is blocked. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null
  /** window.matchMedia, or null on the server. */
  matchMedia: ((query: string) => MediaQueryList) | null
  /** The route's colorMode meta ('system' forces nothing). */
  routeColorMode: ColorModePreference
}

function readPreference(storage: ColorModeDeps['storage']): ColorModePreference {
  try {
    return asPreference(storage?.getItem(COLOR_MODE_KEY))
  } catch {
    return 'system'
  }
}

/** Colour mode of SPEC.md §4. One per island; `start` wires it to the page, `stop` unwires. */
export function createColorModeStore(deps: ColorModeDeps) {
  const preference = signal<ColorModePreference>(readPreference(deps.storage))
  const forced = signal<ColorMode | null>(isExplicit(deps.routeColorMode) ? deps.routeColorMode : null)
  const media = deps.matchMedia?.(DARK_QUERY) ?? null
  const systemDark = signal(media?.matches ?? false)
  const resolved = computed(() => resolveColorMode(preference.value, forced.value, systemDark.value))

  return {
    preference,
    forced,
    systemDark,
    resolved,
    setPreference(next: ColorModePreference) {
      preference.value = next
      try {
        deps.storage?.setItem(COLOR_MODE_KEY, next)
      } catch {
        // Private mode may refuse storage; the choice still holds for this page.
      }
    },
    /** A client-side navigation ends the route's forced mode. */
    clearForced() {
      forced.value = null
    },
    /** Follows the OS live and keeps <html> in step; returns the undo. */
    start(root: HTMLElement): () => void {
      const onChange = (event: MediaQueryListEvent) => {
        systemDark.value = event.matches
      }
      media?.addEventListener('change', onChange)
      // The OS may have switched between this store's creation and now (a page still loading):
      // read it again, or that change would be missed until the next one.
      systemDark.value = media?.matches ?? false
      const dispose = effect(() => {
        root.setAttribute(THEME_ATTR, resolved.value)
        root.style.colorScheme = resolved.value
      })
      return () => {
        media?.removeEventListener('change', onChange)
        dispose()
      }
    },
  }
}

export type ColorModeStore = ReturnType<typeof createColorModeStore>
