/**
 * The engine's rules door: what src/ and web/ both run (the browser bundles it). The computer
 * player, the move generator, dictionaries and board generation are behind the server's door,
 * engine/server.ts: their modules hold large tables and must never reach the browser
 * (test/web/bundle.test.ts checks the bundle). Everything behind both doors is pure: no I/O, no
 * clock, no Math.random.
 */

export * from './achievements.ts'
export * from './actions.ts'
export * from './alphabet/index.ts'
// Results of the server's analyses that the browser shows: types only, so no module of theirs loads.
export type { DangerLevel, DangerMap, GameReview, SideSummary, TurnReview } from './analysis/index.ts'
export * from './avatars.ts'
export * from './awards.ts'
export * from './board.ts'
export * from './boosters.ts'
export * from './clock.ts'
export * from './computer-id.ts'
export * from './config.ts'
export * from './daily.ts'
export * from './economy.ts'
export * from './end.ts'
export * from './errors.ts'
export * from './game.ts'
export * from './hint.ts'
export * from './level.ts'
export * from './lifecycle.ts'
export * from './moves.ts'
export * from './pass.ts'
export * from './patch.ts'
export * from './progress.ts'
export * from './rating.ts'
export * from './rng.ts'
export * from './stats.ts'
export * from './turn.ts'
export * from './tutorial.ts'
export * from './types.ts'
export * from './view.ts'
export * from './word-rule.ts'
