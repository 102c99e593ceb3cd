import type { IslandName } from '../../shared/islands.ts'
import type { PageProps } from '../../shared/page-props.ts'

/**
 * What the server takes from web/: React's rendering of an island, and where the client bundle's
 * sources are. web/islands/index.ts builds it and the process's entry points (src/main.ts, the test
 * harness, scripts) hand it to createApp, so that nothing else in src/ imports web/ and the two
 * never import each other in a loop (docs/architecture.md).
 */
export interface WebSide {
  /** An island's markup for its props, rendered on the server; throws if the island does. */
  renderIsland(island: IslandName, props: PageProps, request: IslandRequest): string
  sources: ClientSources
}

/** What an island sees of the request it is rendered for (its host: cookies, origin). */
export interface IslandRequest {
  cookieHeader: string | null
  origin: string
}

/** The client bundle's entries (src/pages/assets.ts builds them). */
export interface ClientSources {
  /** Absolute: the folder output names are taken relative to. */
  root: string
  /** The entry script (web/start.ts: it runs the modules the page lists, web/boot.tsx last), relative to root. */
  script: string
  /** The stylesheet, relative to root. */
  stylesheet: string
  /**
   * Chunks loaded by name (the boot script, islands: web/islands/lazy.ts), relative to root. As entries of the
   * build their files are known, so a page can preload its island.
   */
  lazy: string[]
}
