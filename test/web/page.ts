/** A page as the browser gets it: the server's HTML put into the document, then hydrated. */
import { act } from 'react'
import type { Root } from 'react-dom/client'
import type { Lang } from '../../shared/i18n.ts'
import { type PageRequest, renderPage } from '../../src/pages/render.ts'
import { matchRoute } from '../../src/pages/routes.ts'
import { webSide } from '../../web/islands/index.ts'
import type { LaunchParams } from '../../web/telegram/launch.ts'
import { type Reply, settle, testHost } from './host.ts'

/** The server's page for `path`, put into the document the way a browser would get it. */
export function serve(
  path: string,
  lang: Lang,
  cookieHeader: string | null,
  edit = (html: string) => html,
  extra: Partial<PageRequest> = {},
) {
  const match = matchRoute(path)
  if (!match) throw new Error(`no route ${path}`)
  const html = renderPage(
    {
      route: match.route,
      lang,
      path,
      params: match.params,
      cookieHeader,
      origin: 'http://localhost:3000',
      ...extra,
    },
    { script: '/assets/boot.js', stylesheet: '/assets/index.css' },
    webSide,
  )
  document.body.innerHTML = edit(html.slice(html.indexOf('<body>') + 6, html.indexOf('</body>')))
}

/**
 * Roots hydrated in a test, unmounted by `unmountHydrated` after it: a root left mounted keeps
 * React's scheduler busy after the file's DOM is gone (a ReferenceError between later files).
 */
const hydrated: Root[] = []

/** Roots a test hydrated itself, for `unmountHydrated` to unmount. */
export function unmountLater(roots: Root[]): Root[] {
  hydrated.push(...roots)
  return roots
}

export function unmountHydrated(): void {
  act(() => {
    for (const root of hydrated.splice(0)) root.unmount()
  })
}

/** Hydrates the served page with a scripted server; hydration errors are collected, not thrown. */
export async function hydrate(reply: Reply, options: { cookies?: string; launch?: LaunchParams } = {}) {
  // Imported late: react-dom must see the DOM that withDom() installs first.
  const { hydrateIslands } = await import('../../web/shell/hydrate.tsx')
  const t = testHost(reply, options)
  const errors: unknown[] = []
  let count = 0
  await act(async () => {
    const roots = await hydrateIslands(document, t.host, { onRecoverableError: (e) => void errors.push(e) })
    count = unmountLater(roots).length
  })
  await act(() => settle())
  return { ...t, errors, count }
}
