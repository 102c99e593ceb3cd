/**
 * Debian's Chromium driven by playwright-core (never a browser download: PITFALLS.md). The flags
 * are the ones checked on this kind of machine; playwright gives each launch a fresh profile.
 */
import { existsSync, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'

/**
 * Debian's headless shell (package chromium-headless-shell: the same Chromium without the browser's
 * UI layer, what playwright itself runs headless) when it is there: the browser suites' Chromium
 * costs half the CPU it costs as the full browser (measured: docs/testing.md). Else the full one.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
export const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // The pages a test opens in one context share one renderer: a new tab of the same site costs
  // a third less CPU than one with a process of its own.
  '--process-per-site',
]

export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `no Chromium at ${CHROMIUM}: install Debian's (apt-get install -y chromium-headless-shell; npm test does it as root)`,
    )
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS })
}

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 800 }

/**
 * E2E_CPU_THROTTLE=N slows every page's CPU N times (Chromium's own throttling): races between
 * hydration, sockets and the test's clicks then show up on a fast machine too.
 */
const CPU_THROTTLE = Number(process.env.E2E_CPU_THROTTLE ?? 1)

export async function newContext(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; locale?: string; touch?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: options.viewport ?? PHONE,
    locale: options.locale ?? 'en-US',
    hasTouch: options.touch ?? false,
    reducedMotion: 'reduce',
  })
  if (CPU_THROTTLE > 1) {
    context.on('page', (page) => {
      void context
        .newCDPSession(page)
        .then((cdp) => cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE }))
        .catch(() => {})
    })
  }
  return context
}

/** The folder the test run keeps (gitignored): screenshots of home and game. */
export const ARTIFACTS = resolve(import.meta.dir, '../../test-artifacts/screenshots')

/**
 * Screenshots are for people to look at; no test reads them. Each costs a second or more on a
 * loaded machine, so `npm test` takes none: E2E_SCREENSHOTS=1 writes them (docs/testing.md).
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1'

/** Writes the page's screenshot when SCREENSHOTS is on; answers its path either way. */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  const path = resolve(ARTIFACTS, `${name}.png`)
  if (!SCREENSHOTS) return path
  mkdirSync(ARTIFACTS, { recursive: true })
  // Cells and themes fade (0.15 s): shoot once they are there.
  await page.waitForTimeout(250)
  await page.screenshot({ path, fullPage: options.fullPage ?? false })
  return path
}

/**
 * The page in light, then dark (`-dark`): the system mode follows the OS live (checked every
 * time), and each is shot when SCREENSHOTS is on.
 */
export async function bothThemes(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.waitForFunction((mode) => document.documentElement.dataset.theme === mode, scheme)
    await screenshot(page, `${name}${scheme === 'dark' ? '-dark' : ''}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

/** Shots of the page as it is, in light and dark, named for the view and the page's size. */
export function screenshotThemes(page: Page, name: string, size: { width: number; height: number }) {
  return bothThemes(page, `${name}-${size.width}x${size.height}`)
}

/** Collects page errors so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`)
  })
  return errors
}
