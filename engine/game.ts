/** A new game (state `new`) from its options, players and board. */
import { BOOSTER_PRICES, DEFAULT_OPTIONS, TIME_MODE_CONFIG, TIMING } from './config.ts'
import type {
  Board,
  Booster,
  Game,
  GameMode,
  GameOptions,
  GameType,
  Lang,
  Player,
  PlayerUser,
} from './types.ts'
import { BOOSTER_IDS } from './types.ts'

export interface NewGame {
  id: string
  mode: GameMode
  lang: Lang
  options?: Partial<GameOptions>
  users: [PlayerUser, PlayerUser]
  board: Board
  now: number
  isPrivate?: boolean
}

export function gameTypeOf(options: GameOptions): GameType {
  return TIME_MODE_CONFIG[options.timeMode].turnLimit > 0 ? 'blitz' : 'classic'
}

function newPlayer(user: PlayerUser, options: GameOptions): Player {
  const boosters: Booster[] = BOOSTER_IDS.map((id) => ({
    id,
    basePrice: BOOSTER_PRICES[id],
    usage: 0,
    isAvailable: false,
  }))
  return {
    user,
    score: 0,
    boosters: options.boostersOn ? boosters : [],
    timeleft: TIME_MODE_CONFIG[options.timeMode].total,
    skips: 0,
    hintsUsed: 0,
  }
}

// Per-game stats and awards start empty; stats.ts owns their shape.
import { emptyGameStats } from './stats.ts'

export function createGame(input: NewGame): Game {
  const options: GameOptions = {
    ...DEFAULT_OPTIONS,
    ...input.options,
    boardSize: input.board.size as GameOptions['boardSize'],
  }
  return {
    id: input.id,
    type: gameTypeOf(options),
    mode: input.mode,
    state: 'new',
    lang: input.lang,
    options,
    opponents: [input.users[0].id, input.users[1].id],
    players: [newPlayer(input.users[0], options), newPlayer(input.users[1], options)],
    board: structuredClone(input.board),
    turn: 0,
    turnAvailable: null,
    turnStartedAt: null,
    countdownAt: null,
    startedAt: null,
    finishedAt: null,
    createdAt: input.now,
    updatedAt: input.now,
    expiredAt: input.now + TIMING.expireAfterMs,
    wordsUsed: [],
    isPrivate: input.isPrivate ?? false,
    isFinished: false,
    winner: null,
    gameoverReason: null,
    ready: [false, false],
    fsignals: [false, false],
    ts: 1,
    stats: [emptyGameStats(), emptyGameStats()],
    awards: [
      { a: {}, b: {} },
      { a: {}, b: {} },
    ],
  }
}
