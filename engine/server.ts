/**
 * The engine's server door: the computer player, the move generator, dictionaries, board generation
 * and the analyses built on them. Only src/ (and tools) import it; web/ never does, and the browser
 * bundle is checked to hold none of these modules (test/web/bundle.test.ts). The rules are behind
 * engine/index.ts; everything here is pure like them.
 */

export * from './ai/index.ts'
export * from './analysis/index.ts'
export * from './daily-board.ts'
export * from './dictionary/index.ts'
export * from './generate.ts'
export * from './openings.ts'
export * from './solver/index.ts'
