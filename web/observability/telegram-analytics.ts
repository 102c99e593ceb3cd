import type { LaunchParams } from '../telegram/launch.ts'
import type { ClientLog } from './client-log.ts'

export interface TelegramAnalyticsSdk {
  init(options: { token: string; appName: string }): Promise<void>
}

export interface TelegramAnalyticsDeps {
  launch: LaunchParams | null
  /** SPEC.md §7: the SDK starts only in production builds. */
  production: boolean
  /** GET /api/analytics/config's `telegram` (null: TELEGRAM_ANALYTICS_TOKEN is unset). */
  config(): Promise<{ token: string; appName: string } | null>
  /** Loads the SDK: our own bundled chunk, never a CDN script. */
  load(): Promise<TelegramAnalyticsSdk>
  log: ClientLog
}

export type TelegramAnalyticsOutcome =
  | 'outside-telegram'
  | 'not-production'
  | 'no-token'
  | 'started'
  | 'failed'

/**
 * The Telegram Mini Apps analytics SDK (@telegram-apps/analytics), alongside our own analytics:
 * only inside Telegram, only in production, only when the server has a token. The package is large,
 * so it is a separate chunk that no other page ever downloads.
 */
export async function startTelegramAnalytics(deps: TelegramAnalyticsDeps): Promise<TelegramAnalyticsOutcome> {
  if (!deps.launch) return 'outside-telegram'
  if (!deps.production) return 'not-production'
  try {
    const config = await deps.config()
    if (!config) return 'no-token'
    const sdk = await deps.load()
    await sdk.init({ token: config.token, appName: config.appName })
    return 'started'
  } catch (err) {
    deps.log.warn('telegram analytics did not start', err instanceof Error ? err.message : String(err))
    return 'failed'
  }
}

/** The browser's wiring: the config from our server and the SDK from our own asset chunk. */
export function browserTelegramAnalytics(origin: string): Pick<TelegramAnalyticsDeps, 'config' | 'load'> {
  return {
    async config() {
      const res = await fetch(`${origin}/api/analytics/config`)
      const body = (await res.json()) as { data?: { telegram?: { token: string; appName: string } | null } }
      return body.data?.telegram ?? null
    },
    load: () => import('@telegram-apps/analytics').then((m) => m.default),
  }
}
