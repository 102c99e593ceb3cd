// The client entry. Telegram's launch data sits in the URL hash: capture it before anything can
// navigate or rewrite the URL, start the Mini App bridge, then hydrate the islands the server rendered.
import { readAuthCookie } from './auth/cookie.ts'
import {
  createClientLog,
  installClientLog,
  reportUncaught,
  sendToServer,
} from './observability/client-log.ts'
import { browserHost } from './shell/host.ts'
import { hydrateIslands } from './shell/hydrate.tsx'
import { browserLaunchSources, captureLaunchParams } from './telegram/launch.ts'
import { startTelegram } from './telegram/sdk.ts'

const log = createClientLog({
  uid: () => readAuthCookie(document)?.uid ?? '',
  send: sendToServer(location.origin),
})
installClientLog(log)
reportUncaught(window, log)

const launch = captureLaunchParams(browserLaunchSources())
const telegram = launch ? startTelegram(launch, document.documentElement) : null
// SPEC.md §2: after every page change the window scrolls smoothly to the top.
if ('scrollRestoration' in history) history.scrollRestoration = 'manual'
window.scrollTo({ top: 0, behavior: 'smooth' })
hydrateIslands(document, browserHost(launch, telegram))
