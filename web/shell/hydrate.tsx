import type { ComponentType } from 'react'
import { type HydrationOptions, hydrateRoot } from 'react-dom/client'
import { loadIsland } from '../islands/lazy.ts'
import { ISLAND_ATTR, PROPS_ATTR } from '../islands/markup.ts'
import { clientLog } from '../observability/client-log.ts'
import type { Host } from './host.ts'
import { firstTextDifference } from './hydration-diff.ts'
import { IslandRoot } from './IslandRoot.tsx'
import type { PageProps } from './page-props.ts'

/**
 * Hydrates every island of the server's HTML once its chunk is in (web/islands/lazy.ts: a page
 * loads only its own screen); answers how many it hydrated.
 */
export async function hydrateIslands(
  doc: Document,
  host: Host,
  options?: HydrationOptions,
  load: (name: string) => Promise<ComponentType> | null = loadIsland,
): Promise<number> {
  const pending: Promise<void>[] = []
  for (const element of doc.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`)) {
    const name = element.getAttribute(ISLAND_ATTR) ?? ''
    const propsText = doc.getElementById(element.getAttribute(PROPS_ATTR) ?? '')?.textContent
    const screen = propsText ? load(name) : null
    if (!screen || !propsText) {
      clientLog.error('island without a known name or props', name)
      continue
    }
    const props = JSON.parse(propsText) as PageProps
    const serverHtml = element.innerHTML
    pending.push(
      screen.then((Screen) => {
        hydrateRoot(element, <IslandRoot screen={Screen} props={props} host={host} />, {
          // A mismatch is logged with the text that differed (React's production message omits it).
          onRecoverableError: (error, info) =>
            clientLog.error(`island ${name}: ${error instanceof Error ? error.message : String(error)}`, {
              differs: firstTextDifference(serverHtml, element) ?? 'texts agree',
              componentStack: info.componentStack ?? '',
            }),
          ...options,
        })
      }),
    )
  }
  await Promise.all(pending)
  return pending.length
}
