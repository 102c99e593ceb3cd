/**
 * A finished game's positions, rebuilt from what the server stores: the final snapshot and the
 * history (one row per version, each with the patch that led to it). The first version (ts 1) has
 * no history row, so it is rebuilt the way every game starts: createGame on a fresh board of the
 * game's letters. Letters change only by mutation, and the first mutation of a cell records its
 * letter before (`specials.mutation.oldLetter`), so the starting letters are known exactly. The
 * rebuilt versions are checked against the stored words and the final board: a game that did not
 * start from a fresh board (the tutorial's scripted one) is refused rather than reviewed wrongly.
 */

import { boardFromLetters } from '../board.ts'
import { createGame } from '../game.ts'
import { applyPatch } from '../patch.ts'
import { wordOf } from '../turn.ts'
import type { Board, Game, HistoryEvent, Patch, Side } from '../types.ts'

/** One stored version of a game: the events of the action that produced it and its patch. */
export interface HistoryStep {
  ts: number
  events: readonly HistoryEvent[]
  changes: Patch
}

export type TurnEvent = Extract<HistoryEvent, { type: 'turn' }>

export interface ReplayedTurn {
  /** The position the turn was played on (the version before it). */
  before: Game
  /** The version the turn produced. */
  after: Game
  event: TurnEvent
  /** Version of the game after the turn. */
  ts: number
}

export class ReplayError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ReplayError'
  }
}

type CellPatch = { specials?: { mutation?: { oldLetter?: string } } }

/** The letters the board started with: the final ones, each mutated cell's first `oldLetter` back. */
export function startingLetters(final: Pick<Game, 'board'>, history: readonly HistoryStep[]): string[] {
  const letters = final.board.cells.map((c) => c.letter)
  const restored = new Set<number>()
  for (const step of history) {
    const cells = (step.changes.board as { cells?: Record<string, CellPatch> | CellPatch[] } | undefined)
      ?.cells
    if (!cells || typeof cells !== 'object') continue
    for (const [key, patch] of Object.entries(cells)) {
      const id = Number(key)
      const old = patch?.specials?.mutation?.oldLetter
      if (typeof old !== 'string' || restored.has(id) || !(id >= 0 && id < letters.length)) continue
      letters[id] = old
      restored.add(id)
    }
  }
  return letters
}

/** Version 1 of the game: as createGame made it, on a fresh board of the starting letters. */
export function startingGame(final: Game, history: readonly HistoryStep[]): Game {
  const board = boardFromLetters(startingLetters(final, history), final.board.size)
  return createGame({
    id: final.id,
    mode: final.mode,
    lang: final.lang,
    options: final.options,
    users: [final.players[0].user, final.players[1].user],
    board,
    now: final.createdAt,
    isPrivate: final.isPrivate,
  })
}

const sameBoard = (a: Board, b: Board) =>
  a.size === b.size &&
  a.cells.length === b.cells.length &&
  a.cells.every((c, i) => c.letter === b.cells[i].letter && c.owner === b.cells[i].owner)

/**
 * Every turn of the game with the positions around it, oldest first. Throws ReplayError when the
 * history does not lead from a fresh board to the stored final board.
 */
export function replayTurns(final: Game, history: readonly HistoryStep[]): ReplayedTurn[] {
  const steps = [...history].sort((a, b) => a.ts - b.ts)
  let game = startingGame(final, steps)
  const turns: ReplayedTurn[] = []
  for (const step of steps) {
    const before = game
    game = applyPatch(game, step.changes)
    for (const event of step.events) {
      if (event.type !== 'turn') continue
      if (wordOf(game, event.cellIds) !== event.word)
        throw new ReplayError(`turn ${event.word} at version ${step.ts} does not match the rebuilt board`)
      turns.push({ before, after: game, event, ts: step.ts })
    }
  }
  if (!sameBoard(game.board, final.board))
    throw new ReplayError('the history does not lead to the stored board (not a fresh start)')
  return turns
}

/**
 * A position prepared for analysis: `side` to move in an active game with no clock, so that the
 * engine's own turn (applyTurn, inside the look-ahead) accepts the moves it tries there.
 */
export function analysisPosition(game: Game, side: Side): Game {
  return {
    ...game,
    state: 'active',
    turnAvailable: side,
    turnStartedAt: game.turnStartedAt ?? game.startedAt ?? 0,
    options: { ...game.options, timeMode: 'classic' },
    winner: null,
    gameoverReason: null,
    isFinished: false,
    finishedAt: null,
  }
}
