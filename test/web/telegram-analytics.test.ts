import { describe, expect, test } from 'bun:test'
import { buildAssets } from '../../src/pages/assets.ts'
import { webSide } from '../../web/islands/index.ts'
import {
  startTelegramAnalytics,
  type TelegramAnalyticsDeps,
} from '../../web/observability/telegram-analytics.ts'
import type { LaunchParams } from '../../web/telegram/launch.ts'

const launch: LaunchParams = {
  initData: 'user=%7B%7D&hash=x',
  version: '8',
  platform: 'ios',
  startParam: null,
  themeParams: {},
}
const config = { token: 'eyJhbGciOiJIUzI1NiJ9.token', appName: 'word_territory' }

function deps(over: Partial<TelegramAnalyticsDeps> = {}) {
  const inits: unknown[] = []
  const warnings: string[] = []
  let loads = 0
  const all: TelegramAnalyticsDeps = {
    launch,
    production: true,
    config: async () => config,
    load: async () => {
      loads++
      return { init: async (options) => void inits.push(options) }
    },
    log: { info() {}, error() {}, warn: (message) => void warnings.push(message) },
    ...over,
  }
  return { all, inits, warnings, loads: () => loads }
}

describe('the Telegram Mini Apps analytics SDK (TELEGRAM_ANALYTICS_TOKEN)', () => {
  test('inside Telegram, in production, with a token: loaded and initialised with token and app name', async () => {
    const d = deps()
    expect(await startTelegramAnalytics(d.all)).toBe('started')
    expect(d.inits).toEqual([config])
  })

  test('outside Telegram, in development, or without a token it is never even loaded', async () => {
    for (const [over, outcome] of [
      [{ launch: null }, 'outside-telegram'],
      [{ production: false }, 'not-production'],
      [{ config: async () => null }, 'no-token'],
    ] as const) {
      const d = deps(over)
      expect(await startTelegramAnalytics(d.all)).toBe(outcome)
      expect(d.loads()).toBe(0)
    }
  })

  test("the SDK's own failure is logged and the app goes on", async () => {
    const d = deps({
      load: async () => ({ init: async () => Promise.reject(new Error('Token is not provided.')) }),
    })
    expect(await startTelegramAnalytics(d.all)).toBe('failed')
    expect(d.warnings).toEqual(['telegram analytics did not start'])
  })

  test('bundled by us as a separate chunk: the page script neither holds it nor names a CDN', async () => {
    const bundle = await buildAssets(webSide.sources)
    const text = (url: string) => new TextDecoder().decode(bundle.files.get(url)?.body)
    // The client (boot), which the page's entry script runs last.
    const boot = bundle.entries.boot
    const entry = text(boot)
    const chunks = [...bundle.files.keys()].filter((url) => url !== boot && url.endsWith('.js'))
    const sdk = chunks.find((url) => text(url).includes('tganalytics.xyz'))
    expect(sdk).toBeDefined()
    expect(entry).not.toContain('tganalytics.xyz')
    // Loaded on demand, by the analytics starter that boot itself loads once the page is live.
    const starter = chunks.find((url) => text(url).includes(`import("${sdk}")`))
    expect(starter).toBeDefined()
    expect(entry).toContain(`import("${starter}")`)
    for (const cdn of ['unpkg.com', 'jsdelivr', 'tganalytics.xyz/index.js']) expect(entry).not.toContain(cdn)
  })
})
