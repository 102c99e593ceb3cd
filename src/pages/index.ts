import { Elysia } from 'elysia'
import { authFromCookieHeader } from '../../shared/auth-cookie.ts'
import { parseCookies } from '../../shared/cookies.ts'
import { isLang, type Lang } from '../../shared/i18n.ts'
import { LOCALE_COOKIE, localeCookie } from '../../shared/locale-cookie.ts'
import type { PageData } from '../../shared/page-props.ts'
import { LATEST_BUILD_PATH, safeNext, splitLocale } from '../../shared/paths.ts'
import { acceptsGzip } from '../http/compress.ts'
import { failure } from '../http/envelope.ts'
import { browserLanguageRedirect, isTelegramVisit, rootLanguageRedirect, signInRedirect } from './access.ts'
import { type AssetBundle, buildAssets, serveAsset } from './assets.ts'
import { buildIdOf } from './build-id.ts'
import { errorDocument } from './document.ts'
import { PUBLIC_DIR, publicFile } from './public-files.ts'
import { renderPage } from './render.ts'
import { matchRoute, NOT_FOUND_ROUTE, WIDGET_ISLANDS } from './routes.ts'
import type { WebSide } from './web-side.ts'

export type { AssetBundle } from './assets.ts'
export { buildAssets, loadAssets, writeAssets } from './assets.ts'
export type { WebSide } from './web-side.ts'

export interface PagesDeps {
  /** What comes from web/: the islands' rendering and the client's sources (web/islands/index.ts). */
  web: WebSide
  log?: { error(msg: string, fields?: Record<string, unknown>): void }
  /** Development build of the client (readable, with source maps). */
  dev?: boolean
  /** The client bundle; by default it is built in memory as the plugin is created. */
  assets?: Promise<AssetBundle>
  publicDir?: string
  /** The bot's username for the Telegram Login Widget (a string, or how to learn it); none: no widget. */
  telegramBot?: string | (() => Promise<string | null>) | null
  /** Extra tags for a page's head (e.g. Open Graph of a finished game); a failure leaves them out. */
  head?: (req: HeadRequest) => Promise<string | null>
  /**
   * What a page's island renders with from the server's data (e.g. a game page's game, so the
   * board is in the HTML); a failure leaves it out (the client then fetches it).
   */
  data?: (req: HeadRequest) => Promise<PageData | null>
  /** The messaging group home links to (TELEGRAM_GROUP_URL); none: no link. */
  groupUrl?: string | null
}

/** What a page's `head` and `data` hooks are told about the page. */
export interface HeadRequest {
  island: string
  params: Record<string, string>
  lang: Lang
  origin: string
  /** The path as requested (with its language prefix). */
  pathname: string
}

const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-cache' }

/** A page, gzipped when the client takes it (a page is 5-30 kB of markup and props). */
function html(body: string, status: number, extra: Headers, acceptEncoding: string | null): Response {
  const headers = new Headers(HTML_HEADERS)
  extra.forEach((value, name) => {
    headers.append(name, value)
  })
  headers.set('vary', 'accept-encoding')
  if (body.length < 1024 || !acceptsGzip(acceptEncoding)) return new Response(body, { status, headers })
  headers.set('content-encoding', 'gzip')
  return new Response(Bun.gzipSync(body), { status, headers })
}

function redirect(location: string, extra: Headers): Response {
  const headers = new Headers(extra)
  headers.set('location', location)
  headers.set('cache-control', 'no-store')
  return new Response(null, { status: 302, headers })
}

/**
 * Server-rendered pages of SPEC.md §2 in ru (no prefix), en (/en) and es (/es), the client bundle
 * under /assets/, files of public/, and the 404 and 500 pages. Mount it last: it answers every GET
 * that no other route took (an unknown /api/ path still gets the JSON envelope).
 */
export function pagesPlugin(deps: PagesDeps) {
  const log = deps.log ?? { error: (msg, fields) => console.error(msg, fields) }
  // Built on the first request that needs it (every server test composes this plugin; few load a
  // page). Observed at once so a failed build is never an unhandled rejection (Bun would exit);
  // pages then answer 500 until the next start.
  let built: Promise<AssetBundle> | undefined
  /** When this process had its bundle ready (latest.json's timestamp). */
  let builtAt = 0
  const bundle = (): Promise<AssetBundle> => {
    if (!built) {
      built = deps.assets ?? buildAssets(deps.web.sources, { dev: deps.dev })
      built.then(
        () => {
          builtAt = Date.now()
        },
        (err) => log.error('client bundle unavailable', { err }),
      )
    }
    return built
  }
  const publicDir = deps.publicDir ?? PUBLIC_DIR
  // The widget is optional: a bot that cannot be named (no token, Telegram unreachable) means no widget.
  const botName = async (): Promise<string | null> => {
    const source = deps.telegramBot
    if (!source) return null
    if (typeof source === 'string') return source
    return source().catch(() => null)
  }

  async function page(request: Request): Promise<Response> {
    const url = new URL(request.url)
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      return Response.json(failure('NOT_FOUND', `Not found: ${url.pathname}`), { status: 404 })
    }
    const cookieHeader = request.headers.get('cookie')
    const cookies = parseCookies(cookieHeader)
    const { lang, path, prefixed } = splitLocale(url.pathname)
    const remembered = cookies.get(LOCALE_COOKIE)
    const cookieLang: Lang | null = isLang(remembered) ? remembered : null
    const extra = new Headers()
    const match = matchRoute(path)

    // First visit: the browser's language (for a page of ours) or else the route's is remembered.
    const toBrowserLang = match
      ? browserLanguageRedirect(
          { path, search: url.search, prefixed },
          cookieLang,
          request.headers.get('accept-language'),
        )
      : null
    if (toBrowserLang) {
      extra.append('set-cookie', localeCookie(toBrowserLang.lang))
      return redirect(toBrowserLang.location, extra)
    }
    if (cookieLang === null) extra.append('set-cookie', localeCookie(lang))

    const toRoot = rootLanguageRedirect(url, cookieLang)
    if (toRoot) return redirect(toRoot, extra)

    if (!match) {
      const file = await publicFile(publicDir, url.pathname)
      if (file) return file
    }
    const route = match?.route ?? NOT_FOUND_ROUTE
    const signedIn = authFromCookieHeader(cookieHeader) !== null
    const telegram = isTelegramVisit(url, cookies, request.headers)
    const toSignIn = signInRedirect(route, lang, { path, search: url.search }, signedIn, telegram)
    if (toSignIn) return redirect(toSignIn, extra)

    let links: AssetBundle | null = null
    try {
      links = await bundle()
      const signin = route.island === 'SignIn'
      const telegramBot = WIDGET_ISLANDS.has(route.island) ? await botName() : null
      const next = signin ? safeNext(url.searchParams.get('next')) : null
      const params = match?.params ?? {}
      const about: HeadRequest = {
        island: route.island,
        params,
        lang,
        origin: url.origin,
        pathname: url.pathname,
      }
      const hook = async <T>(name: string, run?: (req: HeadRequest) => Promise<T | null>) =>
        match && run
          ? run(about).catch((err) => {
              log.error(`page ${name} failed`, { err, path: url.pathname })
              return null
            })
          : null
      const [head, data] = await Promise.all([hook('head', deps.head), hook('data', deps.data)])
      const body = renderPage(
        {
          route,
          lang,
          path,
          params,
          cookieHeader,
          origin: url.origin,
          telegramBot,
          next,
          head: head ?? null,
          groupUrl: deps.groupUrl ?? null,
          data,
        },
        links,
        deps.web,
      )
      return html(body, match ? 200 : 404, extra, request.headers.get('accept-encoding'))
    } catch (err) {
      log.error('page failed', { err, path: url.pathname })
      return html(errorDocument(lang, links), 500, extra, request.headers.get('accept-encoding'))
    }
  }

  return new Elysia()
    .get(LATEST_BUILD_PATH, async () => {
      // Polled by open pages (web/shell/build-check.ts): never cached anywhere.
      const headers = { 'cache-control': 'no-store' }
      try {
        const links = await bundle()
        return Response.json({ id: buildIdOf(links), timestamp: builtAt }, { headers })
      } catch {
        return Response.json(failure('UNAVAILABLE', 'Client bundle unavailable'), { status: 503, headers })
      }
    })
    .get('/assets/*', async ({ request }) => {
      try {
        return serveAsset(
          await bundle(),
          new URL(request.url).pathname,
          request.headers.get('accept-encoding'),
        )
      } catch {
        return new Response('Client bundle unavailable', { status: 503 })
      }
    })
    .get('/*', ({ request }) => page(request))
}
