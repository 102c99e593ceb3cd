import {
  DEFAULT_OPTIONS,
  DEFAULT_TIME_MODE,
  type GameOptions,
  type GameType,
  gameTypeOf,
  TIME_MODES,
  type TimeMode,
} from '../../engine/index.ts'

/** The time modes of one game type (blitz: a turn limit; classic: none). */
export function timeModesOf(type: GameType): TimeMode[] {
  return TIME_MODES.filter((timeMode) => gameTypeOf({ ...DEFAULT_OPTIONS, timeMode }) === type)
}

/**
 * The saved custom options as a game of `type` takes them: one set of options is saved for both
 * types, so a time mode of the other type (a blitz started with a classic clock saved) gives way
 * to the type's default. The server refuses such a mix with a 400 (docs/server.md).
 */
export function customOptionsFor(type: GameType, saved: GameOptions): GameOptions {
  return gameTypeOf(saved) === type ? saved : { ...saved, timeMode: DEFAULT_TIME_MODE[type] }
}
