/**
 * The computer's numbers in one place (RULES §8): what each level looks at and how the position is
 * weighed. Tuned by `bench/ai-ladder.ts` (each level beats the one below in ≥ 70% of games, hard vs
 * hard first mover 50 ± 5%) and kept within `bench/ai-move.ts`'s 200 ms a move on 8×8.
 */
export const AI = {
  /** Very easy: a random word of the shortest length it has. */
  veryEasy: {},
  /**
   * Easy: a random word from the lower half by points, from the better `share` of that half by the
   * heuristic, played along its best path; a winning word is never missed.
   */
  easy: { share: 1 / 3 },
  /** Medium: one of the `top` best words (at most a third of them), the better ones likelier (1/rank). */
  medium: { top: 8 },
  /**
   * Very hard: the `candidates` best words by the heuristic, each judged by the opponent's best
   * reply (2-ply minimax), then boosters on the best few. `replyBudget` caps the replies evaluated
   * in all, so that huge dictionaries (wide, full) stay within the time target: the look-ahead stops
   * widening once it is spent, after at least `minCandidates` words.
   */
  veryHard: {
    candidates: 10,
    minCandidates: 3,
    replyBudget: 10_000,
    /** Turns looked at in all (words and booster choices): each costs a move generation. */
    maxLookups: 16,
    /** Boosters are tried on this many of the best words after the look-ahead. */
    boosterCandidates: 3,
    /** A booster must improve the judged value by more than this (beyond its price in points). */
    boosterMargin: 1,
  },
  /** Hints: one of the `top` best words, at random. */
  hint: { top: 5 },
} as const

/** Position weights (evaluate.ts): each term is "ours minus theirs". */
export const WEIGHTS = {
  /** Points scored so far (they pay for boosters and hints, and break ties). */
  points: 0.2,
  /** Each own base cell still held. */
  baseHeld: 8,
  /** Each own base cell the opponent can reach next turn. */
  exposed: 4,
  /** Each enemy base cell we can reach next turn. */
  reach: 3,
  /** Rows advanced toward the enemy base by the furthest own cell. */
  depth: 2,
  /** Cells we may use and do not own yet (room to move). */
  room: 0.3,
  /** Cells owned. */
  cells: 0.3,
  /** A longer word is a hair better, all else equal (more letters, fewer short words wasted). */
  length: 0.05,
} as const
