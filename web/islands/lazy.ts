import type { ComponentType } from 'react'
import type { IslandName } from '../../shared/islands.ts'

/**
 * The browser's way to the islands: one chunk each, loaded when the page names it, so a page
 * downloads its own screen and not the eleven others. The server renders from registry.ts.
 */
export const ISLAND_LOADERS: Record<IslandName, () => Promise<ComponentType>> = {
  Home: () => import('./Home.tsx').then((m) => m.Home),
  Daily: () => import('./Daily.tsx').then((m) => m.Daily),
  DailyArchive: () => import('./DailyArchive.tsx').then((m) => m.DailyArchive),
  Tutor: () => import('./Tutor.tsx').then((m) => m.Tutor),
  Rating: () => import('./Rating.tsx').then((m) => m.Rating),
  SignIn: () => import('./SignIn.tsx').then((m) => m.SignIn),
  Settings: () => import('./Settings.tsx').then((m) => m.Settings),
  Tutorial: () => import('./Tutorial.tsx').then((m) => m.Tutorial),
  // With the board's views loaded first: hydration then adopts the server's board (Game.tsx).
  Game: () =>
    import('./Game.tsx').then(async (m) => {
      await m.loadGamePage()
      return m.Game
    }),
  Profile: () => import('./Profile.tsx').then((m) => m.Profile),
  Dev: () => import('./Dev.tsx').then((m) => m.Dev),
  NotFound: () => import('./NotFound.tsx').then((m) => m.NotFound),
}

export function isIslandName(name: string): name is IslandName {
  return Object.hasOwn(ISLAND_LOADERS, name)
}
