/**
 * A new game from a request: options settled (time mode from the game type, hints only from
 * level 3), a board drawn with the server's dice until each side has enough opening words and
 * neither side's best opening is much better than the other's (fair boards).
 */
import { randomInt } from 'node:crypto'
import {
  DEFAULT_OPTIONS,
  DEFAULT_TIME_MODE,
  createGame as engineCreateGame,
  type Game,
  type GameMode,
  type GameOptions,
  type GameType,
  gameTypeOf,
  type Lang,
  type PlayerUser,
  XP,
} from '../../engine/index.ts'
import { type Dictionary, fairBoardRule, generateBoard, openingValues } from '../../engine/server.ts'
import { newId } from '../db/ids.ts'

export interface GameRequest {
  mode: GameMode
  type: GameType
  lang: Lang
  options?: Partial<GameOptions>
  users: [PlayerUser, PlayerUser]
  /** Level of the player who set the options up: hints need XP.hintsMinLevel (RULES §6). */
  creatorLevel: number
  isPrivate?: boolean
  now: number
  /** Default: a new id. A friend room's game takes the room's id, so its link leads to the game later. */
  id?: string
}

export class GameRequestError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'GameRequestError'
  }
}

/** The options a game will really have; a time mode that contradicts the type is refused. */
export function settleOptions(req: Pick<GameRequest, 'type' | 'options' | 'creatorLevel'>): GameOptions {
  const timeMode = req.options?.timeMode ?? DEFAULT_TIME_MODE[req.type]
  const options: GameOptions = { ...DEFAULT_OPTIONS, ...req.options, timeMode }
  if (gameTypeOf(options) !== req.type)
    throw new GameRequestError(`time mode ${timeMode} does not belong to a ${req.type} game`)
  if (req.creatorLevel < XP.hintsMinLevel) options.hintsOn = false
  return options
}

/**
 * A new game in state `new` on a fair board (engine/openings.ts), with both sides' opening values
 * recorded for the review; `openings` is the default dictionary of the game's language.
 */
export function buildGame(req: GameRequest, openings: Dictionary): Game {
  const options = settleOptions(req)
  const { board } = generateBoard({
    size: options.boardSize,
    lang: req.lang,
    boardType: options.boardType,
    seed: randomInt(0, 2 ** 32),
    accept: fairBoardRule(openings),
  })
  const game = engineCreateGame({
    id: req.id ?? newId(req.now),
    mode: req.mode,
    lang: req.lang,
    options,
    users: req.users,
    board,
    now: req.now,
    isPrivate: req.isPrivate ?? false,
  })
  game.openingValues = openingValues(board, openings)
  return game
}
