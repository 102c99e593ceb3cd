import { renderToString } from 'react-dom/server'
import type { IslandName } from '../../shared/islands.ts'
import type { PageProps } from '../../shared/page-props.ts'
import type { IslandRequest } from '../../src/pages/web-side.ts'
import { GamePage } from '../game/views/GamePage.tsx'
import { serverHost } from '../shell/host.ts'
import { IslandRoot } from '../shell/IslandRoot.tsx'
import { ServerViewsContext } from '../shell/server-views.ts'
import { ISLANDS } from './registry.ts'

/** What the browser loads lazily and the server renders at once (server-views.ts). */
const SERVER_VIEWS = { GamePage }

/** An island rendered on the server, with the host a request gives it (its cookies, its origin). */
export function renderIsland(island: IslandName, props: PageProps, request: IslandRequest): string {
  const host = serverHost(request.cookieHeader, request.origin)
  return renderToString(
    <ServerViewsContext.Provider value={SERVER_VIEWS}>
      <IslandRoot screen={ISLANDS[island]} props={props} host={host} />
    </ServerViewsContext.Provider>,
  )
}
