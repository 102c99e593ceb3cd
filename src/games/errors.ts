/** The texts that go with the game error codes of SPEC.md §8 in refusals. */
import { type DictType, ErrorCode, type Lang, type WordRule, wordRule } from '../../engine/index.ts'
import { ackError } from '../realtime/handlers.ts'
import type { AckRefused } from '../realtime/protocol.ts'

const MESSAGES: ReadonlyMap<string, string> = new Map([
  [ErrorCode.GAME_NOT_FOUND, 'Game not found'],
  [ErrorCode.BAD_REQUEST, 'Bad request'],
  [ErrorCode.GAME_NOT_ACTIVE, 'Game not active'],
  [ErrorCode.NOT_YOUR_TURN, 'Not your turn'],
  [ErrorCode.BAD_CELLS, 'Invalid cells'],
  [ErrorCode.NOT_AVAILABLE_CELLS_USED, 'Unavailable cells used'],
  [ErrorCode.WORD_IS_ALREADY_USED, 'Word already used'],
  [ErrorCode.WORD_DOES_NOT_EXIST, 'Word not found or invalid word'],
  [ErrorCode.TIME_IS_UP, 'Time is up'],
  [ErrorCode.NO_SCORE_ENOUGH, 'Not enough points'],
  [ErrorCode.TAKE_WIN_TOO_EARLY, 'Taking victory too early'],
  [ErrorCode.HINT_ERROR, 'Hint not found'],
])

/**
 * WORD_DOES_NOT_EXIST names the rule of the game's dictionary, so that a player (and any client,
 * by the message) learns why: a Russian default game takes only nouns in the nominative singular.
 */
export const WORD_REFUSALS: Readonly<Record<WordRule, string>> = {
  singularNouns: 'Only singular nouns count in this game',
  anyForm: 'Not in the dictionary',
}

/** A refused game action: the catalogue's text, WORD_DOES_NOT_EXIST's naming the game's rule. */
export function gameRefusal(code: string, game: { lang: Lang; options: { dictType: DictType } }): AckRefused {
  if (code !== ErrorCode.WORD_DOES_NOT_EXIST) return refusal(code)
  return refusal(code, WORD_REFUSALS[wordRule(game.lang, game.options.dictType)])
}

/** A refusal ack; `message` overrides the catalogue's text when the cause is more specific. */
export function refusal(code: string, message?: string): AckRefused {
  return ackError(code, message ?? MESSAGES.get(code) ?? code)
}
