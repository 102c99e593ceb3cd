import { startTransition } from 'react'
import { type HydrationOptions, hydrateRoot, type Root } from 'react-dom/client'
import { ISLAND_ATTR, PROPS_ATTR } from '../../shared/markup.ts'
import type { PageProps } from '../../shared/page-props.ts'
import { ISLAND_LOADERS, isIslandName } from '../islands/lazy.ts'
import { clientLog } from '../observability/client-log.ts'
import type { Host } from './host.ts'
import { firstTextDifference } from './hydration-diff.ts'
import { IslandRoot } from './IslandRoot.tsx'

/** Hydrates every island of the server's HTML, each once its chunk is in; answers their roots. */
export async function hydrateIslands(doc: Document, host: Host, options?: HydrationOptions): Promise<Root[]> {
  const islands = [...doc.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`)].map(async (element) => {
    const name = element.getAttribute(ISLAND_ATTR) ?? ''
    const propsText = doc.getElementById(element.getAttribute(PROPS_ATTR) ?? '')?.textContent
    if (!isIslandName(name) || !propsText) {
      clientLog.error('island without a known name or props', name)
      return []
    }
    const props = JSON.parse(propsText) as PageProps
    const screen = await ISLAND_LOADERS[name]()
    const serverHtml = element.innerHTML
    const hydrationOptions: HydrationOptions = {
      // A mismatch is logged with the text that differed (React's production message omits it).
      onRecoverableError: (error, info) =>
        clientLog.error(`island ${name}: ${error instanceof Error ? error.message : String(error)}`, {
          differs: firstTextDifference(serverHtml, element) ?? 'texts agree',
          componentStack: info.componentStack ?? '',
        }),
      ...options,
    }
    // As a transition, React hydrates in slices of ~5 ms and lets the browser in between; at the
    // default priority the whole island is one task (×4 on Lighthouse's phone: blocking time).
    let root: Root | undefined
    startTransition(() => {
      root = hydrateRoot(element, <IslandRoot screen={screen} props={props} host={host} />, hydrationOptions)
    })
    return root ? [root] : []
  })
  return (await Promise.all(islands)).flat()
}
