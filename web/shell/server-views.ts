import { type ComponentType, createContext } from 'react'
import type { GamePageProps } from '../game/views/GamePage.tsx'

/**
 * Views the browser loads in chunks of their own (beside the data they show), which the server
 * holds at once (web/islands/render.tsx provides them) so that it can render them into the page.
 * Absent in the browser: there the island loads them lazily and hydrates them when they arrive.
 */
export interface ServerViews {
  GamePage?: ComponentType<GamePageProps>
}

export const ServerViewsContext = createContext<ServerViews>({})
