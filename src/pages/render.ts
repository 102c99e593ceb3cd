import { type Lang, translate } from '../../shared/i18n.ts'
// The server renders every language: all tables load with the renderer (a browser loads one).
import '../../shared/i18n-tables.ts'
import type { PageData, PageProps } from '../../shared/page-props.ts'
import { buildIdOf } from './build-id.ts'
import { type AssetLinks, inRunOrder, islandHtml, renderDocument } from './document.ts'
import { type RouteDef, WIDGET_ISLANDS } from './routes.ts'
import type { WebSide } from './web-side.ts'

export interface PageRequest {
  route: RouteDef
  lang: Lang
  /** Unprefixed path. */
  path: string
  params: Record<string, string>
  cookieHeader: string | null
  origin: string
  /** The bot's username, for the Login Widget on the sign-in page. */
  telegramBot?: string | null
  /** Sign-in only: where to go once signed in (unprefixed path and query, already checked). */
  next?: string | null
  /** Extra tags for the head (PagesDeps.head). */
  head?: string | null
  /** Home's link to the messaging group (PagesDeps.groupUrl). */
  groupUrl?: string | null
  /** What the page's island renders with from the server's data (PagesDeps.data). */
  data?: PageData | null
}

export function pageProps(req: PageRequest): PageProps {
  const { route } = req
  return {
    lang: req.lang,
    path: req.path,
    params: req.params,
    layout: route.layout,
    colorMode: route.colorMode,
    access: route.access,
    titleKey: route.titleKey,
    overlay: route.overlay,
    ...(req.telegramBot && WIDGET_ISLANDS.has(route.island) ? { telegramBot: req.telegramBot } : {}),
    ...(req.next && route.island === 'SignIn' ? { next: req.next } : {}),
    ...(req.groupUrl && route.island === 'Home' ? { groupUrl: req.groupUrl } : {}),
    ...req.data,
  }
}

/** Renders a route's island to the full HTML document. Throws if the island does. */
export function renderPage(req: PageRequest, assets: AssetLinks, web: Pick<WebSide, 'renderIsland'>): string {
  const props = pageProps(req)
  const html = web.renderIsland(req.route.island, props, {
    cookieHeader: req.cookieHeader,
    origin: req.origin,
  })
  const forced = req.route.colorMode === 'system' ? null : req.route.colorMode
  return renderDocument({
    lang: req.lang,
    // The language is always explicit on the server: rosetta's own locale is process-wide.
    title: translate(req.lang, req.route.titleKey),
    path: req.route.island === 'NotFound' ? null : req.path,
    origin: req.origin,
    forcedColorMode: forced,
    script: assets.script,
    stylesheet: assets.stylesheet,
    // Every module the client runs at once, fetched side by side; the client's own code last.
    preload: inRunOrder(
      assets,
      [assets.entries?.[`islands/${req.route.island}`], assets.entries?.boot].filter((u) => u !== undefined),
    ),
    locale: assets.entries?.[`locale/${req.lang}`] ?? null,
    description: translate(req.lang, 'app.description'),
    overlay: req.route.overlay,
    body: islandHtml(req.route.island, props, html),
    buildId: buildIdOf(assets),
    head: req.head ?? null,
  })
}
