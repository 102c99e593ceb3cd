/**
 * Statistics: the per-game counters of each side (GameStats) and their merge into the profile's
 * PlayerStats (SPEC.md §3) when a game ends.
 *
 * `ingame_minEnemyCellsLeft` uses -1 for "not seen yet": a side that never moved has no minimum,
 * and JSON has no Infinity.
 */
import { countOwned } from './board.ts'
import { isResignation } from './end.ts'
import type { Game, GameStats, PlayerStats, Side, TurnFacts } from './types.ts'

export const NOT_SEEN = -1

export function emptyGameStats(): GameStats {
  return {
    turns: 0,
    wordsPlayed: 0,
    lettersPlayed: 0,
    longestWord: '',
    scoreReached: 0,
    richestCell: 0,
    enemyCellsCaptured: 0,
    richestEnemyCellCaptured: 0,
    ingame_minEnemyCellsLeft: NOT_SEEN,
    boostersUsed: { freeze: 0, mutation: 0, strike: 0 },
    hintsUsed: 0,
    baseCellsCaptured: 0,
    baseCellsRetaken: 0,
    bestTurnScore: 0,
  }
}

export function emptyPlayerStats(): PlayerStats {
  return {
    turns: 0,
    consecutiveLosses: 0,
    consecutiveWins: 0,
    gamesPlayed: 0,
    winsByGiveups: 0,
    losses: 0,
    wins: 0,
    giveups: 0,
    richestEnemyCellCaptured: 0,
    enemyCellsCaptured: 0,
    longestWord: '',
    richestCell: 0,
    scoreReached: 0,
    wordsPlayed: 0,
    lettersPlayed: 0,
    longestGame: 0,
    totalRatingGot: 0,
    maxRatingGot: 0,
    totalRatingLost: 0,
    maxRatingLost: 0,
    ingame_minEnemyCellsLeft: NOT_SEEN,
    privateGamesPlayed: 0,
    maxConsecutiveWins: 0,
    maxConsecutiveLosses: 0,
  }
}

/** The smaller of two minima where NOT_SEEN means "no value yet". */
export function minSeen(a: number, b: number): number {
  if (a === NOT_SEEN) return b
  if (b === NOT_SEEN) return a
  return Math.min(a, b)
}

/** Enemy cells captured by a turn (cells that belonged to the other side before it). */
export function enemyCaptures(facts: TurnFacts): TurnFacts['captured'] {
  const enemy: Side = facts.side === 0 ? 1 : 0
  return facts.captured.filter((c) => c.prevOwner === enemy)
}

/**
 * Mutates `draft.stats[facts.side]` for an accepted turn. Call it after the board and the player's
 * score reflect the turn (the enemy's cells are counted on the board as it is now).
 */
export function recordTurnDraft(draft: Game, facts: TurnFacts): void {
  const { side } = facts
  const enemy: Side = side === 0 ? 1 : 0
  const s = draft.stats[side]
  s.turns++
  s.wordsPlayed++
  s.lettersPlayed += facts.word.length
  if (facts.word.length > s.longestWord.length) s.longestWord = facts.word
  // Boosters and hints spend points, so the score can fall: keep the highest it reached.
  s.scoreReached = Math.max(s.scoreReached, draft.players[side].score)
  s.bestTurnScore = Math.max(s.bestTurnScore, facts.score)
  for (const c of facts.captured) s.richestCell = Math.max(s.richestCell, c.prevScore)
  const enemyCells = enemyCaptures(facts)
  s.enemyCellsCaptured += enemyCells.length
  for (const c of enemyCells) s.richestEnemyCellCaptured = Math.max(s.richestEnemyCellCaptured, c.prevScore)
  s.ingame_minEnemyCellsLeft = minSeen(s.ingame_minEnemyCellsLeft, countOwned(draft.board, enemy))
  if (facts.booster) s.boostersUsed[facts.booster.boosterId]++
  if (facts.captured.some((c) => c.baseOf === enemy)) s.baseCellsCaptured++
  if (facts.captured.some((c) => c.baseOf === side)) s.baseCellsRetaken++
}

export interface GameOutcome {
  won: boolean
  /** This side surrendered. */
  giveup: boolean
  ratingDelta: number
  isPrivate: boolean
  durationSec: number
}

/**
 * The profile's stats after one more finished game. Records keep the best value; totals add up;
 * consecutiveWins/consecutiveLosses are the current series (a game without a winner ends both).
 * Profile `scoreReached` is the total of the points reached in every game.
 */
export function mergeIntoProfileStats(
  profile: PlayerStats,
  game: Game,
  side: Side,
  outcome: GameOutcome,
): PlayerStats {
  const g = game.stats[side]
  const lost = !outcome.won && game.winner !== null
  const wonByGiveup = outcome.won && isResignation(game.gameoverReason)
  const consecutiveWins = outcome.won ? profile.consecutiveWins + 1 : 0
  const consecutiveLosses = lost ? profile.consecutiveLosses + 1 : 0
  const got = Math.max(0, outcome.ratingDelta)
  const lostPoints = Math.max(0, -outcome.ratingDelta)
  return {
    turns: profile.turns + g.turns,
    consecutiveWins,
    consecutiveLosses,
    maxConsecutiveWins: Math.max(profile.maxConsecutiveWins, consecutiveWins),
    maxConsecutiveLosses: Math.max(profile.maxConsecutiveLosses, consecutiveLosses),
    gamesPlayed: profile.gamesPlayed + 1,
    wins: profile.wins + (outcome.won ? 1 : 0),
    losses: profile.losses + (lost ? 1 : 0),
    winsByGiveups: profile.winsByGiveups + (wonByGiveup ? 1 : 0),
    giveups: profile.giveups + (outcome.giveup ? 1 : 0),
    richestEnemyCellCaptured: Math.max(profile.richestEnemyCellCaptured, g.richestEnemyCellCaptured),
    enemyCellsCaptured: profile.enemyCellsCaptured + g.enemyCellsCaptured,
    longestWord: g.longestWord.length > profile.longestWord.length ? g.longestWord : profile.longestWord,
    richestCell: Math.max(profile.richestCell, g.richestCell),
    scoreReached: profile.scoreReached + g.scoreReached,
    wordsPlayed: profile.wordsPlayed + g.wordsPlayed,
    lettersPlayed: profile.lettersPlayed + g.lettersPlayed,
    longestGame: Math.max(profile.longestGame, Math.round(outcome.durationSec)),
    totalRatingGot: profile.totalRatingGot + got,
    maxRatingGot: Math.max(profile.maxRatingGot, got),
    totalRatingLost: profile.totalRatingLost + lostPoints,
    maxRatingLost: Math.max(profile.maxRatingLost, lostPoints),
    ingame_minEnemyCellsLeft: minSeen(profile.ingame_minEnemyCellsLeft, g.ingame_minEnemyCellsLeft),
    privateGamesPlayed: profile.privateGamesPlayed + (outcome.isPrivate ? 1 : 0),
  }
}
