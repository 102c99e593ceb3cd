/**
 * Telegram Mini App wiring through @tma.js/sdk-react (its bridge talks to Telegram directly:
 * telegram.org's script is never loaded, PITFALLS.md). Theme colours become the app's CSS
 * variables, mobile platforms get an expanded view, and the host learns haptics, the closing
 * confirmation, the back button, sharing and invoices.
 */

import {
  backButton,
  closingBehavior,
  hapticFeedback,
  init,
  invoice,
  isColorDark,
  miniApp,
  postEvent,
  shareURL,
  themeParams,
  viewport,
} from '@tma.js/sdk-react'
import { clientLog } from '../observability/client-log.ts'
import type { LaunchParams } from './launch.ts'

/** SPEC.md §4: these platforms count as desktop; every other one gets the mobile layout, expanded. */
export const DESKTOP_PLATFORMS = new Set(['macos', 'tdesktop', 'weba', 'web', 'webk'])

export function isDesktopPlatform(platform: string | null): boolean {
  return platform !== null && DESKTOP_PLATFORMS.has(platform)
}

/** Telegram theme parameter → the app's CSS variables it paints. */
export const THEME_VARIABLES: Record<string, readonly string[]> = {
  bg_color: ['--color-bg'],
  secondary_bg_color: ['--color-surface'],
  text_color: ['--color-text'],
  hint_color: ['--color-muted'],
  button_color: ['--color-accent'],
  button_text_color: ['--color-accent-text'],
  link_color: ['--color-link'],
  destructive_text_color: ['--color-error'],
  section_separator_color: ['--color-border'],
}

const HEX = /^#[0-9a-f]{6}$/i

/** Paints the theme parameters onto <html>; answers whether the theme is dark (null: no colours). */
export function applyThemeParams(root: HTMLElement, params: Record<string, string>): boolean | null {
  let any = false
  for (const [key, vars] of Object.entries(THEME_VARIABLES)) {
    const value = params[key]
    if (typeof value !== 'string' || !HEX.test(value)) continue
    for (const name of vars) root.style.setProperty(name, value)
    any = true
  }
  const bg = params.bg_color
  if (!any || typeof bg !== 'string' || !HEX.test(bg)) return any ? false : null
  return isColorDark(bg)
}

export interface TelegramBridge {
  platform: string | null
  desktop: boolean
  dark: boolean | null
  haptic(kind: 'selection' | 'accept' | 'reject'): void
  closingConfirmation(on: boolean): void
  /** Shows the back button calling `onBack`, or hides it (null). */
  backButton(onBack: (() => void) | null): void
  shareLink(url: string, text: string): void
  openInvoice(url: string): void
}

function quietly(fn: () => unknown): void {
  try {
    const result = fn()
    if (result && typeof (result as Promise<unknown>).catch === 'function')
      (result as Promise<unknown>).catch(() => {})
  } catch {
    // An older Telegram without the method: the app works without it.
  }
}

/**
 * Starts the SDK for a page opened inside Telegram. The theme comes from the launch parameters we
 * captured ourselves, so it applies even when the SDK refuses them (it wants Bot API 8 init data,
 * with `signature`); the native features then stay off.
 */
export function startTelegram(launch: LaunchParams, root: HTMLElement): TelegramBridge {
  const dark = applyThemeParams(root, launch.themeParams)
  root.setAttribute('data-telegram', launch.platform ?? '')
  const desktop = isDesktopPlatform(launch.platform)
  try {
    init()
  } catch (err) {
    clientLog.warn('Telegram SDK did not start', err)
    const none = () => {}
    return {
      platform: launch.platform,
      desktop,
      dark,
      haptic: none,
      closingConfirmation: none,
      backButton: none,
      shareLink: none,
      openInvoice: none,
    }
  }
  quietly(() => miniApp.mount())
  quietly(() => themeParams.mount())
  quietly(() => backButton.mount())
  quietly(() => closingBehavior.mount())
  quietly(() =>
    viewport.mount().then(() => {
      quietly(() => viewport.bindCssVars())
    }),
  )
  if (!desktop) quietly(() => postEvent('web_app_expand'))
  quietly(() => miniApp.ready())

  let backListener: (() => void) | null = null
  return {
    platform: launch.platform,
    desktop,
    dark,
    haptic(kind) {
      quietly(() => {
        if (kind === 'selection') hapticFeedback.selectionChanged()
        else hapticFeedback.notificationOccurred(kind === 'accept' ? 'success' : 'error')
      })
    },
    closingConfirmation(on) {
      quietly(() => (on ? closingBehavior.enableConfirmation() : closingBehavior.disableConfirmation()))
    },
    backButton(onBack) {
      quietly(() => {
        if (backListener) backButton.offClick(backListener)
        backListener = onBack
        if (onBack) {
          backButton.onClick(onBack)
          backButton.show()
        } else backButton.hide()
      })
    },
    shareLink(url, text) {
      quietly(() => shareURL(url, text))
    },
    openInvoice(url) {
      quietly(() => invoice.openUrl(url))
    },
  }
}
