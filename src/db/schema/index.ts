/** The one schema for PGlite and Postgres. Only db/ and repo.ts files import it. */
export * from './analytics.ts'
export * from './dailies.ts'
export * from './economy.ts'
export * from './games.ts'
export * from './news.ts'
export * from './realtime.ts'
export * from './rooms.ts'
export * from './users.ts'
