/**
 * The post-game review: for every turn of a finished game, the word played next to the best word
 * the player had, judged the way the very hard computer judges (ai/lookahead.ts: the heuristic, then
 * the opponent's best reply), and marks where a winning or a game-saving word was missed.
 *
 * Marks:
 * - missedWin: a word would have won at once (took the enemy's last base cell or last cell), and the
 *   word played did not win.
 * - missedSave: after the word played the opponent had a winning reply, and another word would have
 *   left it none (it saved the base). Words past the look-ahead's few are searched for such a save
 *   (up to REVIEW.saveSearch of them), since a save is the one thing worth finding deep in the list.
 * Boosters are left out of "the best word" (a word is what the player chose); a booster the player
 * did use is part of the played turn when it is judged.
 */
import { movePoints, positionOf, WIN_SCORE } from '../ai/evaluate.ts'
import { type Decision, type Judged, judge, judgeWords, type LookAhead } from '../ai/lookahead.ts'
import { freshMoves, type MoveSource, rankWords } from '../ai/rank.ts'
import { isFair } from '../openings.ts'
import type { BoosterId, Game, Side, WordChecker } from '../types.ts'
import { analysisPosition, type HistoryStep, type ReplayedTurn, replayTurns } from './replay.ts'

export const REVIEW = {
  /** Format of a stored review; a stored one of another version is computed again. */
  version: 1,
  /** Words beyond the look-ahead's candidates tried in search of a save. */
  saveSearch: 60,
} as const

export const REVIEW_MARKS = ['missedWin', 'missedSave'] as const
export type ReviewMark = (typeof REVIEW_MARKS)[number]

export interface ReviewedWord {
  word: string
  cellIds: number[]
  /** Points the word scores on the position (the sum of the cells it captures). */
  points: number
}

export interface TurnReview {
  /** Version of the game after the turn (history `ts`). */
  ts: number
  /** The game's turn number when it was played (forfeited turns count). */
  turn: number
  side: Side
  played: ReviewedWord & { booster?: BoosterId }
  /** The best word by the very hard evaluation; null when the side had none (a mutated word). */
  best: ReviewedWord | null
  /** The word played was the best one (or judged at least as good). */
  bestPlayed: boolean
  /** The word played won the game at once. */
  won: boolean
  /** Place of the word played among the side's words by the heuristic (1 = top); null if not among them. */
  rank: number | null
  /** Distinct words the side could play. */
  choices: number
  marks: ReviewMark[]
}

export interface SideSummary {
  turns: number
  bestPlayed: number
  missedWins: number
  missedSaves: number
  /** Points the words played scored, and what the best words would have scored. */
  points: number
  bestPoints: number
}

export interface GameReview {
  version: number
  turns: TurnReview[]
  summary: [SideSummary, SideSummary]
  /** Each side's best opening value on the starting board, and whether they were within the margin. */
  openings: { values: [number, number]; fair: boolean } | null
}

export interface ReviewSource {
  /** Checks the words of the turns the look-ahead plays. */
  dict: WordChecker
  /** Every playable (word, path) of a side: dictionaryMoveSource in the game. */
  moves: MoveSource
}

const emptySummary = (): SideSummary => ({
  turns: 0,
  bestPlayed: 0,
  missedWins: 0,
  missedSaves: 0,
  points: 0,
  bestPoints: 0,
})

const isLoss = (j: Judged | null) => j !== null && j.value <= -WIN_SCORE

/** The review of one turn on its position. */
export function reviewTurn(replayed: ReplayedTurn, src: ReviewSource): TurnReview {
  const { event } = replayed
  const side = event.side
  const game = analysisPosition(replayed.before, side)
  const pos = positionOf(game)
  const ranked = rankWords(pos, side, freshMoves(game, side, src.moves))
  const ctx = (): LookAhead => ({ game, dict: src.dict, source: src.moves, side, work: 0, lookups: 0 })
  const decision: Decision = {
    word: event.word,
    cellIds: event.cellIds,
    ...(event.booster ? { booster: event.booster } : {}),
  }
  const played = judge(ctx(), decision)
  const won = replayed.after.state === 'over' && replayed.after.winner === side
  const winNow = ranked.length > 0 && ranked[0].value >= WIN_SCORE

  let best: { word: string; cellIds: number[] } | null = null
  let bestValue = Number.NEGATIVE_INFINITY
  if (winNow) {
    best = ranked[0].move
    bestValue = WIN_SCORE
  } else if (ranked.length) {
    const look = ctx()
    const judged = judgeWords(look, ranked)
    if (judged.length) {
      best = judged[0].decision
      bestValue = judged[0].value
    }
    // Every word looked at loses to a reply, and so did the one played: search on for a save.
    if (isLoss(played) && bestValue <= -WIN_SCORE) {
      const seen = new Set(judged.map((j) => j.decision.word))
      const rest = ranked.filter((s) => !seen.has(s.move.word)).slice(0, REVIEW.saveSearch)
      for (const s of rest) {
        const j = judge(look, { word: s.move.word, cellIds: s.move.cellIds })
        if (j && j.value > -WIN_SCORE) {
          best = j.decision
          bestValue = j.value
          break
        }
      }
    }
  }

  const marks: ReviewMark[] = []
  if (winNow && !won) marks.push('missedWin')
  if (!winNow && isLoss(played) && bestValue > -WIN_SCORE) marks.push('missedSave')
  const rankIndex = ranked.findIndex((s) => s.move.word === event.word)
  const playedValue = won ? WIN_SCORE : (played?.value ?? Number.NEGATIVE_INFINITY)
  return {
    ts: replayed.ts,
    turn: replayed.before.turn,
    side,
    played: {
      word: event.word,
      cellIds: [...event.cellIds],
      points: movePoints(pos, side, decision),
      ...(event.booster ? { booster: event.booster.boosterId } : {}),
    },
    best: best && { word: best.word, cellIds: [...best.cellIds], points: movePoints(pos, side, best) },
    bestPlayed: best === null || best.word === event.word || playedValue >= bestValue,
    won,
    rank: rankIndex >= 0 ? rankIndex + 1 : null,
    choices: ranked.length,
    marks,
  }
}

/**
 * The whole review of a finished game from its final snapshot and stored history. `openings` are
 * the two sides' best opening values (recorded at creation, or computed by the caller); null when
 * unknown. Throws ReplayError when the history cannot be replayed from a fresh board.
 */
export function reviewGame(
  final: Game,
  history: readonly HistoryStep[],
  src: ReviewSource,
  openings: [number, number] | null,
): GameReview {
  const turns = replayTurns(final, history).map((t) => reviewTurn(t, src))
  const summary: [SideSummary, SideSummary] = [emptySummary(), emptySummary()]
  for (const t of turns) {
    const s = summary[t.side]
    s.turns++
    if (t.bestPlayed) s.bestPlayed++
    if (t.marks.includes('missedWin')) s.missedWins++
    if (t.marks.includes('missedSave')) s.missedSaves++
    s.points += t.played.points
    s.bestPoints += t.best?.points ?? t.played.points
  }
  return {
    version: REVIEW.version,
    turns,
    summary,
    openings: openings && { values: openings, fair: isFair(openings) },
  }
}
