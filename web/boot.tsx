// The client entry. Telegram's launch data sits in the URL hash: capture it before anything can
// navigate or rewrite the URL, start the Mini App bridge, then hydrate the islands the server rendered.
// The page's language (JSON), its island and (inside Telegram only) the Mini App SDK load side by
// side; analytics once the page is live: the first load carries no other screen, language or SDK.
import { readAuthCookie } from '../shared/auth-cookie.ts'
import { loadPageLocale } from './locale/load.ts'
import {
  type ClientLogEntry,
  createClientLog,
  installClientLog,
  reportUncaught,
} from './observability/client-log.ts'
import { browserHost } from './shell/host.ts'
import { hydrateIslands } from './shell/hydrate.tsx'
import { watchPage } from './shell/page-watch.ts'
import { browserLaunchSources, captureLaunchParams } from './telegram/launch.ts'

const launch = captureLaunchParams(browserLaunchSources())
// The analytics batcher comes after the page is live; what the log says before that waits for it.
const early: ClientLogEntry[] = []
let send: (entry: ClientLogEntry) => void = (entry) => {
  early.push(entry)
}
const log = createClientLog({
  uid: () => readAuthCookie(document)?.uid ?? '',
  send: (entry) => send(entry),
})
installClientLog(log)
reportUncaught(window, log)

const [telegram] = await Promise.all([
  launch
    ? import('./telegram/sdk.ts').then((sdk) => sdk.startTelegram(launch, document.documentElement))
    : null,
  loadPageLocale(document),
])
// SPEC.md §2: after every page change the window scrolls smoothly to the top.
if ('scrollRestoration' in history) history.scrollRestoration = 'manual'
window.scrollTo({ top: 0, behavior: 'smooth' })
const host = browserHost(launch, telegram)
watchPage(window, document, host.reload)
await hydrateIslands(document, host)

const [{ startAnalytics }, telegramAnalytics] = await Promise.all([
  import('./observability/analytics.ts'),
  import('./observability/telegram-analytics.ts'),
])
const analytics = startAnalytics({
  origin: location.origin,
  launch,
  token: () => readAuthCookie(document)?.token ?? '',
  storage: sessionStorageOrNull(),
  window,
})
send = analytics.log
for (const entry of early.splice(0)) analytics.log(entry)
analytics.pageView()
void telegramAnalytics.startTelegramAnalytics({
  launch,
  production: process.env.NODE_ENV === 'production',
  log,
  ...telegramAnalytics.browserTelegramAnalytics(location.origin),
})

function sessionStorageOrNull(): Storage | null {
  try {
    return sessionStorage
  } catch {
    return null
  }
}
