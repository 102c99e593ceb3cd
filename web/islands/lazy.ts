import type { ComponentType } from 'react'
import type { IslandName } from './registry.ts'

/**
 * The browser's island registry: each island is its own chunk, loaded when a page has it, so a
 * page downloads its own screen and not the eleven others (first-load JavaScript). The server
 * renders from the static registry (registry.ts); both name the same components.
 */
export const LAZY_ISLANDS: Record<IslandName, () => Promise<ComponentType>> = {
  Home: () => import('./Home.tsx').then((m) => m.Home),
  Daily: () => import('./Daily.tsx').then((m) => m.Daily),
  DailyArchive: () => import('./DailyArchive.tsx').then((m) => m.DailyArchive),
  Tutor: () => import('./Tutor.tsx').then((m) => m.Tutor),
  Rating: () => import('./Rating.tsx').then((m) => m.Rating),
  SignIn: () => import('./SignIn.tsx').then((m) => m.SignIn),
  Settings: () => import('./Settings.tsx').then((m) => m.Settings),
  Tutorial: () => import('./Tutorial.tsx').then((m) => m.Tutorial),
  Game: () => import('./Game.tsx').then((m) => m.Game),
  Profile: () => import('./Profile.tsx').then((m) => m.Profile),
  Dev: () => import('./Dev.tsx').then((m) => m.Dev),
  NotFound: () => import('./NotFound.tsx').then((m) => m.NotFound),
}

/** The island's component, or null for a name this build does not know. */
export function loadIsland(name: string): Promise<ComponentType> | null {
  return Object.hasOwn(LAZY_ISLANDS, name) ? LAZY_ISLANDS[name as IslandName]() : null
}
