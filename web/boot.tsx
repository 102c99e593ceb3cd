// The client entry. Telegram's launch data sits in the URL hash: capture it before anything can
// navigate or rewrite the URL, then hydrate the islands the server rendered.
import { browserHost } from './shell/host.ts'
import { hydrateIslands } from './shell/hydrate.tsx'
import { browserLaunchSources, captureLaunchParams } from './telegram/launch.ts'

const launch = captureLaunchParams(browserLaunchSources())
hydrateIslands(document, browserHost(launch))
