import type { PageProps } from './page-props.ts'

/** The contract between the server's HTML and boot: `<div data-island="Home" data-props="<script id>">`. */
export const ISLAND_ATTR = 'data-island'
export const PROPS_ATTR = 'data-props'
/**
 * On the entry script: the modules it runs, space-separated URLs, each
 * after the modules it imports, the client (web/boot.tsx) last (web/start.ts).
 */
export const MODULES_ATTR = 'data-modules'
/** The meta tag naming the page's build (web/shell/build-check.ts compares it with the served one). */
export const BUILD_ID_META = 'build-id'

/** JSON that is safe inside <script>: no '</script>', no '<!--', no line separators that break old parsers. */
export function serializeProps(props: PageProps): string {
  return JSON.stringify(props)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
