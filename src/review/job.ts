/**
 * One review computation, as the worker runs it: plain data in (the final snapshot, the stored
 * history, where the word lists are), plain data out. Shared by worker.ts and the tests.
 */

import { readFileSync } from 'node:fs'
import type { DictType, Game, GameReview, Lang } from '../../engine/index.ts'
import {
  type Dictionary,
  decodeDictionary,
  dictionaryMoveSource,
  type HistoryStep,
  openingValues,
  ReplayError,
  reviewGame,
  startingGame,
} from '../../engine/server.ts'
import { dictionaryFile } from '../dictionaries/store.ts'

export interface ReviewJob {
  id: number
  dictionariesDir: string
  final: Game
  history: HistoryStep[]
}

export type ReviewOutcome =
  | { status: 'ready'; review: GameReview }
  /** The history cannot be replayed from a fresh board (a scripted board): there is no review. */
  | { status: 'unavailable'; reason: string }

export type ReviewReply = { id: number } & (
  | { ok: true; outcome: ReviewOutcome }
  | { ok: false; error: string }
)

/** Word lists read once per worker, by file. */
export function dictionaryLoader(dir: string) {
  const cache = new Map<string, Dictionary>()
  return (lang: Lang, dictType: DictType): Dictionary => {
    const file = dictionaryFile(dir, lang, dictType)
    let dict = cache.get(file)
    if (!dict) {
      dict = decodeDictionary(new Uint8Array(readFileSync(file)))
      cache.set(file, dict)
    }
    return dict
  }
}

export function runReviewJob(
  job: Pick<ReviewJob, 'final' | 'history'>,
  dictionary: (lang: Lang, dictType: DictType) => Dictionary,
): ReviewOutcome {
  const { final, history } = job
  const dict = dictionary(final.lang, final.options.dictType)
  try {
    // Games from before fair boards did not record their opening values: the same rule computes them.
    const openings =
      final.openingValues ??
      openingValues(startingGame(final, history).board, dictionary(final.lang, 'default'))
    const review = reviewGame(final, history, { dict, moves: dictionaryMoveSource(dict) }, openings)
    return { status: 'ready', review }
  } catch (err) {
    if (err instanceof ReplayError) return { status: 'unavailable', reason: err.message }
    throw err
  }
}
