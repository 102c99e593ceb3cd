// The client entry. Telegram's launch data sits in the URL hash: capture it before anything can
// navigate or rewrite the URL, start the Mini App bridge, then hydrate the islands the server rendered.
import { readAuthCookie } from './auth/cookie.ts'
import { startAnalytics } from './observability/analytics.ts'
import { createClientLog, installClientLog, reportUncaught } from './observability/client-log.ts'
import { browserTelegramAnalytics, startTelegramAnalytics } from './observability/telegram-analytics.ts'
import { browserHost } from './shell/host.ts'
import { hydrateIslands } from './shell/hydrate.tsx'
import { browserLaunchSources, captureLaunchParams } from './telegram/launch.ts'
import { startTelegram } from './telegram/sdk.ts'

const launch = captureLaunchParams(browserLaunchSources())
const analytics = startAnalytics({
  origin: location.origin,
  launch,
  token: () => readAuthCookie(document)?.token ?? '',
  storage: sessionStorageOrNull(),
  window,
})
const log = createClientLog({
  uid: () => readAuthCookie(document)?.uid ?? '',
  send: analytics.log,
})
installClientLog(log)
reportUncaught(window, log)

const telegram = launch ? startTelegram(launch, document.documentElement) : null
// SPEC.md §2: after every page change the window scrolls smoothly to the top.
if ('scrollRestoration' in history) history.scrollRestoration = 'manual'
window.scrollTo({ top: 0, behavior: 'smooth' })
hydrateIslands(document, browserHost(launch, telegram))
analytics.pageView()
void startTelegramAnalytics({
  launch,
  production: process.env.NODE_ENV === 'production',
  log,
  ...browserTelegramAnalytics(location.origin),
})

function sessionStorageOrNull(): Storage | null {
  try {
    return sessionStorage
  } catch {
    return null
  }
}
