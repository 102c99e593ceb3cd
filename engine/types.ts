/**
 * The game's data, shared by engine, server and client. The game view (GameView) is exactly what
 * PROTOCOL.md's "Game view" describes; Game adds the per-game stats and awards that the view leaves out.
 */

export type Side = 0 | 1
export const NO_OWNER = 9 as const
export type Owner = Side | typeof NO_OWNER
/** Who may use a cell: a side, both ('any'), or nobody (null). */
export type Available = Side | 'any' | null

export const LANGS = ['ru', 'en', 'es'] as const
export type Lang = (typeof LANGS)[number]
export const DICT_TYPES = ['default', 'wide', 'full'] as const
export type DictType = (typeof DICT_TYPES)[number]
export const BOARD_TYPES = ['default', 'easy'] as const
export type BoardType = (typeof BOARD_TYPES)[number]
export const BOARD_SIZES = [5, 6, 7, 8] as const
export type BoardSize = (typeof BOARD_SIZES)[number]
export const TIME_MODES = ['fastBlitz', 'blitz', 'longBlitz', 'fastClassic', 'classic'] as const
export type TimeMode = (typeof TIME_MODES)[number]
export const GAME_TYPES = ['classic', 'blitz'] as const
export type GameType = (typeof GAME_TYPES)[number]
export type GameMode = 'pvp' | 'pve'
export const GAME_STATES = ['new', 'countingDown', 'active', 'over', 'expired'] as const
export type GameStateName = (typeof GAME_STATES)[number]
export const BOOSTER_IDS = ['freeze', 'mutation', 'strike'] as const
export type BoosterId = (typeof BOOSTER_IDS)[number]
/**
 * `noWord`: the side to move had no playable word and resigned (the computer's rule, docs/server.md);
 * it counts as a surrender everywhere a surrender counts (stats, awards).
 */
export const GAMEOVER_REASONS = ['gameover', 'giveup', 'timeout', 'takeWin', 'noWord'] as const
export type GameoverReason = (typeof GAMEOVER_REASONS)[number]
export const AI_LEVELS = ['veryEasy', 'easy', 'medium', 'hard', 'veryHard'] as const
export type AiLevel = (typeof AI_LEVELS)[number]
/** Graded hints, cheapest first: the cells of a good word (unordered), then its first cell, then the word. */
export const HINT_GRADES = ['area', 'letter', 'word'] as const
export type HintGrade = (typeof HINT_GRADES)[number]

export interface Special {
  side: Side
  boosterId: BoosterId
  cellId: number
  /** Freeze: the cell stays frozen while game.turn <= activeTillTurn. null for permanent effects. */
  activeTillTurn: number | null
  oldLetter?: string
  mutationLetter?: string
}

export interface Cell {
  id: number
  row: number
  col: number
  owner: Owner
  taken_count: number
  score: number
  letter: string
  available: Available
  is_base: boolean
  /** The game turn number (game.turn before the turn) on which this cell was last part of a word. */
  lastTurnPlayed: number | null
  specials: Partial<Record<BoosterId, Special>>
}

export interface Board {
  size: number
  cells: Cell[]
}

export interface Booster {
  id: BoosterId
  basePrice: number
  /** Times this player used it in this game. */
  usage: number
  /** The player's score covers the current cost. */
  isAvailable: boolean
}

export interface PlayerUser {
  id: string
  name: string
  avatar: string | null
}

export interface Player {
  user: PlayerUser
  score: number
  boosters: Booster[]
  /** Bank in seconds as of turnStartedAt (blitz modes); total limit in classic modes. */
  timeleft: number
  /** Forfeited turns in a row (blitz modes); three lose the game. */
  skips: number
  hintsUsed: number
}

export interface GameOptions {
  boostersOn: boolean
  hintsOn: boolean
  dictType: DictType
  boardSize: BoardSize
  boardType: BoardType
  timeMode: TimeMode
}

export interface SideResult {
  skipped: boolean
  ratingDelta: number
}

export interface GameView {
  id: string
  type: GameType
  mode: GameMode
  state: GameStateName
  lang: Lang
  options: GameOptions
  /** User ids; the index is the side. */
  opponents: [string, string]
  players: [Player, Player]
  board: Board
  /** Turns played so far (forfeited turns count). */
  turn: number
  turnAvailable: Side | null
  turnStartedAt: number | null
  countdownAt: number | null
  startedAt: number | null
  finishedAt: number | null
  createdAt: number
  updatedAt: number
  expiredAt: number
  wordsUsed: string[]
  isPrivate: boolean
  isFinished: boolean
  winner: Side | null
  gameoverReason: GameoverReason | null
  /** game/ready received per side. */
  ready: [boolean, boolean]
  /** game/finish received per side. */
  fsignals: [boolean, boolean]
  results?: [SideResult, SideResult]
  ts: number
}

/** Counters of one side in one game; merged into the profile's PlayerStats at the end. */
export interface GameStats {
  turns: number
  wordsPlayed: number
  lettersPlayed: number
  longestWord: string
  scoreReached: number
  richestCell: number
  enemyCellsCaptured: number
  richestEnemyCellCaptured: number
  /** Fewest enemy cells seen on the board after one of this side's turns. */
  ingame_minEnemyCellsLeft: number
  boostersUsed: Record<BoosterId, number>
  hintsUsed: number
  /** Turns on which this side captured a cell of the enemy base row. */
  baseCellsCaptured: number
  /** Turns on which this side retook a cell of its own base row. */
  baseCellsRetaken: number
  bestTurnScore: number
}

/** Awards: `a` progress counters, `b` badge levels (SPEC.md §3). */
export interface Awards {
  a: Record<string, number>
  b: Record<string, number>
}

/** The hint a side is being shown on the current turn (hidden from the view: it holds the word). */
export interface HintProgress {
  /** game.turn when the hint was started; on another turn the next hint is a new one. */
  turn: number
  /** The price of the whole word for this hint (10 · 2^hints used before it); steps are shares of it. */
  base: number
  /** The highest grade bought so far. */
  grade: HintGrade
  /** The word's path, in order. */
  cellIds: number[]
}

export interface Game extends GameView {
  stats: [GameStats, GameStats]
  awards: [Awards, Awards]
  /** Graded hints in progress per side (absent in games from before graded hints). */
  hints?: [HintProgress | null, HintProgress | null]
  /** Each side's best opening value on the starting board (fair boards); absent when not recorded. */
  openingValues?: [number, number]
}

/** Profile-wide counters, SPEC.md §3 "Player stats". */
export interface PlayerStats {
  turns: number
  consecutiveLosses: number
  consecutiveWins: number
  gamesPlayed: number
  winsByGiveups: number
  losses: number
  wins: number
  giveups: number
  richestEnemyCellCaptured: number
  enemyCellsCaptured: number
  longestWord: string
  richestCell: number
  scoreReached: number
  wordsPlayed: number
  lettersPlayed: number
  longestGame: number
  totalRatingGot: number
  maxRatingGot: number
  totalRatingLost: number
  maxRatingLost: number
  ingame_minEnemyCellsLeft: number
  privateGamesPlayed: number
  /** Best series ever; consecutiveWins/consecutiveLosses are the current series (achievements need the best). */
  maxConsecutiveWins: number
  maxConsecutiveLosses: number
}

export interface BoosterUse {
  boosterId: BoosterId
  cellId: number
  mutationLetter?: string
}

export type HistoryEvent =
  | { type: 'start'; startedAt: number }
  | {
      type: 'turn'
      side: Side
      word: string
      /** The mover's points after the turn. */
      scoreReached: number
      cellIds: number[]
      booster?: BoosterUse
      /** Points the word itself scored (absent in history written before it existed). */
      score?: number
    }
  | { type: 'skip'; side: Side }
  | { type: 'badge'; side: Side; badgeId: string; level: number }
  | { type: 'gameover'; winner: Side | null; gameoverReason: GameoverReason }
  | { type: 'intercom'; from: Side; message: string }
  | { type: 'dailySecret'; word: string }
  | {
      type: 'hint'
      side: Side
      /** area: the word's cells in id order; letter: the same, with firstCellId; word: the path in order. */
      cellIds: number[]
      /** Absent in events from before graded hints (those were whole words). */
      grade?: HintGrade
      cost?: number
      firstCellId?: number
    }

/** The dictionary as the rules see it. */
export interface WordChecker {
  has(word: string): boolean
}

/** PROTOCOL.md patch: a deep-merge description of a change to the game view. */
export type Patch = { [key: string]: unknown }
export const UNSET = { $unset: true } as const

/** What one accepted turn did, for stats and awards. */
export interface TurnFacts {
  side: Side
  word: string
  cellIds: number[]
  /** Cells that changed hands, with their state before the turn. */
  captured: { cellId: number; prevOwner: Owner; prevScore: number; isBase: boolean; baseOf: Side | null }[]
  /** Points scored by the turn (sum of captured cells' previous scores). */
  score: number
  booster?: BoosterUse
  /** Seconds the turn took (server clock), 0 when unknown. */
  seconds: number
}
