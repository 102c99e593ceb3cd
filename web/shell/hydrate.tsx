import { type HydrationOptions, hydrateRoot } from 'react-dom/client'
import { ISLAND_ATTR, PROPS_ATTR } from '../islands/markup.ts'
import { ISLANDS, isIslandName } from '../islands/registry.ts'
import { clientLog } from '../observability/client-log.ts'
import type { Host } from './host.ts'
import { firstTextDifference } from './hydration-diff.ts'
import { IslandRoot } from './IslandRoot.tsx'
import type { PageProps } from './page-props.ts'

/** Hydrates every island of the server's HTML; returns how many it hydrated. */
export function hydrateIslands(doc: Document, host: Host, options?: HydrationOptions): number {
  let count = 0
  for (const element of doc.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`)) {
    const name = element.getAttribute(ISLAND_ATTR) ?? ''
    const propsText = doc.getElementById(element.getAttribute(PROPS_ATTR) ?? '')?.textContent
    if (!isIslandName(name) || !propsText) {
      clientLog.error('island without a known name or props', name)
      continue
    }
    const props = JSON.parse(propsText) as PageProps
    const serverHtml = element.innerHTML
    hydrateRoot(element, <IslandRoot screen={ISLANDS[name]} props={props} host={host} />, {
      // A mismatch is logged with the text that differed (React's production message omits it).
      onRecoverableError: (error, info) =>
        clientLog.error(`island ${name}: ${error instanceof Error ? error.message : String(error)}`, {
          differs: firstTextDifference(serverHtml, element) ?? 'texts agree',
          componentStack: info.componentStack ?? '',
        }),
      ...options,
    })
    count++
  }
  return count
}
