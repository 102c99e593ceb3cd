import { FORCED_ATTR } from '../../shared/color-mode.ts'
import { COLOR_MODE_BOOT_SCRIPT } from '../../shared/color-mode-boot.ts'
import { LANGS, type Lang, translate } from '../../shared/i18n.ts'
import { BUILD_ID_META, ISLAND_ATTR, MODULES_ATTR, PROPS_ATTR, serializeProps } from '../../shared/markup.ts'
import type { PageProps } from '../../shared/page-props.ts'
import { localePath } from '../../shared/paths.ts'

export interface AssetLinks {
  script: string
  stylesheet: string
  /** Lazily loaded entries by name ('boot', 'islands/Home', 'locale/en') → URL, for preloading. */
  entries?: Record<string, string>
  /** Each script's static imports by URL (a module runs only once they are in). */
  imports?: Record<string, string[]>
}

/**
 * The given scripts and everything they import statically, each once, every module after the
 * ones it imports (so that running them in this order runs each module's own code alone), the
 * given scripts in their order: the last one's code runs last.
 */
export function inRunOrder(assets: AssetLinks, urls: string[]): string[] {
  const found = new Set<string>()
  const visit = (url: string) => {
    if (found.has(url)) return
    found.add(url)
    for (const next of assets.imports?.[url] ?? []) visit(next)
    // A module reached again through a cycle stays where it was first placed.
    order.push(url)
  }
  const order: string[] = []
  for (const url of urls) visit(url)
  return order
}

export interface DocumentParts {
  lang: Lang
  /** The screen's title; the app name is appended. */
  title: string
  /** Unprefixed path, for the alternate-language links. */
  path: string | null
  /** The site's origin: alternate-language links are absolute, as search engines require. */
  origin?: string
  forcedColorMode: 'light' | 'dark' | null
  /** URLs of the client bundle and the stylesheet; null leaves them out. */
  script: string | null
  stylesheet: string | null
  overlay: boolean
  body: string
  /** The client bundle's build (build-id.ts), for the client's newer-build check; null leaves it out. */
  buildId?: string | null
  /** Extra tags for the head (Open Graph of a shared game), already escaped. */
  head?: string | null
  /** Modules the entry runs (the page's island, the client and their imports), in run order (inRunOrder). */
  preload?: string[]
  /** The page's language's texts (JSON), which the script reads through this link. */
  locale?: string | null
  /** The page's description for search engines and link previews. */
  description?: string | null
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c])
}

function overlayHtml(lang: Lang): string {
  // A wave along the diagonals: each cell's delay is its row plus its column.
  const cells = Array.from(
    { length: 9 },
    (_, i) => `<div class="loading-overlay__cell" style="--wave:${Math.floor(i / 3) + (i % 3)}"></div>`,
  ).join('')
  const label = escapeHtml(translate(lang, 'app.loading'))
  return `<div class="loading-overlay" role="progressbar" aria-label="${label}"><div class="loading-overlay__grid">${cells}</div></div>`
}

/** The server-rendered island: its HTML, and its props as JSON in a script tag that boot reads. */
export function islandHtml(name: string, props: PageProps, html: string, index = 0): string {
  const propsId = `island-props-${index}`
  return (
    `<div ${ISLAND_ATTR}="${escapeHtml(name)}" ${PROPS_ATTR}="${propsId}">${html}</div>` +
    `<script type="application/json" id="${propsId}">${serializeProps(props)}</script>`
  )
}

/** The whole HTML document around the rendered body. */
export function renderDocument(parts: DocumentParts): string {
  const { lang } = parts
  const title = `${parts.title} · ${translate(lang, 'app.name')}`
  const forced = parts.forcedColorMode ? ` ${FORCED_ATTR}="${parts.forcedColorMode}"` : ''
  const alternates =
    parts.path === null
      ? ''
      : LANGS.map(
          (l) =>
            `<link rel="alternate" hreflang="${l}" href="${escapeHtml((parts.origin ?? '') + localePath(l, parts.path ?? '/'))}">`,
        ).join('')
  return [
    '<!doctype html>',
    `<html lang="${lang}"${forced}>`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    '<meta name="color-scheme" content="light dark">',
    `<title>${escapeHtml(title)}</title>`,
    parts.description ? `<meta name="description" content="${escapeHtml(parts.description)}">` : '',
    parts.buildId ? `<meta name="${BUILD_ID_META}" content="${escapeHtml(parts.buildId)}">` : '',
    // Before the stylesheet: the theme attribute must be set by first paint.
    `<script>${COLOR_MODE_BOOT_SCRIPT}</script>`,
    parts.stylesheet ? `<link rel="stylesheet" href="${parts.stylesheet}">` : '',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    alternates,
    parts.head ?? '',
    // The entry (web/start.ts) fetches the client's modules side by side and runs them in order.
    parts.script
      ? `<script type="module" src="${parts.script}" fetchpriority="low" ${MODULES_ATTR}="${escapeHtml((parts.preload ?? []).join(' '))}"></script>`
      : '',
    parts.script && parts.locale
      ? `<link rel="preload" as="fetch" crossorigin="anonymous" data-locale href="${parts.locale}">`
      : '',
    // Without JavaScript only the noscript note shows; the boot script's theme is replaced by the OS's.
    '<noscript><style>.loading-overlay{display:none}@media (prefers-color-scheme:dark){body{background:#151518;color:#ededf0}}</style></noscript>',
    '</head>',
    '<body>',
    `<noscript><div class="noscript">${escapeHtml(translate(lang, 'app.noscript'))}</div></noscript>`,
    parts.overlay ? overlayHtml(lang) : '',
    parts.body,
    '</body>',
    '</html>',
  ].join('')
}

/** SPEC.md §2's "Internal Server Error" page: no island, nothing that could fail again. */
export function errorDocument(lang: Lang, assets: AssetLinks | null): string {
  const body =
    '<main class="screen screen--error"><p class="screen__code">500</p>' +
    `<h1>${escapeHtml(translate(lang, 'pages.serverError.title'))}</h1>` +
    `<p class="muted">${escapeHtml(translate(lang, 'pages.serverError.text'))}</p>` +
    `<p><a class="button" href="">${escapeHtml(translate(lang, 'pages.serverError.retry'))}</a></p></main>`
  // The stylesheet only: the client bundle would look for islands that are not there.
  return renderDocument({
    lang,
    title: translate(lang, 'pages.serverError.title'),
    path: null,
    forcedColorMode: null,
    script: null,
    stylesheet: assets?.stylesheet ?? null,
    overlay: false,
    body,
  })
}
