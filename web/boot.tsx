// The client entry. Telegram's launch data sits in the URL hash: capture it before anything can
// navigate or rewrite the URL, start the Mini App bridge, then hydrate the islands the server rendered.
// The page's language, its island and (inside Telegram only) the Mini App SDK are chunks of their
// own, loaded together: the entry itself stays small (first-load JavaScript, SPEC.md §9).
import { readAuthCookie } from './auth/cookie.ts'
import { isLang } from './i18n.ts'
import { loadMessages } from './locale-load.ts'
import { startAnalytics } from './observability/analytics.ts'
import { createClientLog, installClientLog, reportUncaught } from './observability/client-log.ts'
import { browserTelegramAnalytics, startTelegramAnalytics } from './observability/telegram-analytics.ts'
import { browserHost } from './shell/host.ts'
import { hydrateIslands } from './shell/hydrate.tsx'
import { watchPage } from './shell/page-watch.ts'
import { browserLaunchSources, captureLaunchParams } from './telegram/launch.ts'

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

// SPEC.md §2: after every page change the window scrolls smoothly to the top.
if ('scrollRestoration' in history) history.scrollRestoration = 'manual'
window.scrollTo({ top: 0, behavior: 'smooth' })
// Watching for a newer build and failed chunks starts before the chunks below are asked for (the
// guarded reload needs no Telegram).
watchPage(window, document, () => browserHost(launch).reload())
const pageLang = document.documentElement.lang
void Promise.all([
  loadMessages(isLang(pageLang) ? pageLang : 'en'),
  launch
    ? import('./telegram/sdk.ts').then((sdk) => sdk.startTelegram(launch, document.documentElement))
    : null,
]).then(async ([, telegram]) => {
  const host = browserHost(launch, telegram)
  await hydrateIslands(document, host)
  analytics.pageView()
  await startTelegramAnalytics({
    launch,
    production: process.env.NODE_ENV === 'production',
    log,
    ...browserTelegramAnalytics(location.origin),
  })
})

function sessionStorageOrNull(): Storage | null {
  try {
    return sessionStorage
  } catch {
    return null
  }
}
