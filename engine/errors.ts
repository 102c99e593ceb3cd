/** Game error codes of SPEC.md §8: the only ways an action can be refused. */
export const ErrorCode = {
  GAME_NOT_FOUND: 'GAME_NOT_FOUND',
  BAD_REQUEST: 'BAD_REQUEST',
  GAME_NOT_ACTIVE: 'GAME_NOT_ACTIVE',
  NOT_YOUR_TURN: 'NOT_YOUR_TURN',
  BAD_CELLS: 'BAD_CELLS',
  NOT_AVAILABLE_CELLS_USED: 'NOT_AVAILABLE_CELLS_USED',
  WORD_IS_ALREADY_USED: 'WORD_IS_ALREADY_USED',
  WORD_DOES_NOT_EXIST: 'WORD_DOES_NOT_EXIST',
  TIME_IS_UP: 'TIME_IS_UP',
  NO_SCORE_ENOUGH: 'NO_SCORE_ENOUGH',
  TAKE_WIN_TOO_EARLY: 'TAKE_WIN_TOO_EARLY',
  HINT_ERROR: 'HINT_ERROR',
} as const
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

export type Result<T, E = ErrorCode> = { ok: true; value: T } | { ok: false; error: E }

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value })
export const fail = <E = ErrorCode>(error: E): Result<never, E> => ({ ok: false, error })
