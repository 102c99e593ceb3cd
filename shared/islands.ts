/**
 * The islands by name: the server's routes name them, web/islands/registry.ts holds their root
 * components under these names (one per screen).
 */
export const ISLAND_NAMES = [
  'Home',
  'Daily',
  'DailyArchive',
  'Tutor',
  'Rating',
  'SignIn',
  'Settings',
  'Tutorial',
  'Game',
  'Profile',
  'Dev',
  'NotFound',
] as const

export type IslandName = (typeof ISLAND_NAMES)[number]
