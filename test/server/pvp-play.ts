/**
 * Two people playing one game over their own sockets: each side, on its turn, plays a word the
 * move generator finds (or gives up without one, or after GIVE_UP_AFTER turns); every ack is
 * checked and each turn's version must arrive before the next move.
 */
import { expect } from 'bun:test'
import { wordPicker } from '../../bench/lib/client-move.ts'
import type { GameView, Side } from '../../engine/index.ts'
import type { GameMirror } from './game-mirror.ts'
import { testDictionaries } from './harness.ts'
import type { TestSocket } from './ws-client.ts'

export interface Seat {
  socket: TestSocket
  mirror: GameMirror
}

export interface PlayOptions {
  /** Stop (game still active) once this many turns were acknowledged. */
  stopAfter?: number
  /** Called after every acknowledged turn. */
  afterTurn?: (turn: number, view: GameView) => Promise<void> | void
}

const GIVE_UP_AFTER = 60

/** Plays until the game is over (or `stopAfter` turns); answers the words each side played. */
export async function playPvp(
  gameId: string,
  seats: [Seat, Seat],
  options: PlayOptions = {},
): Promise<{ words: [string[], string[]]; turns: number }> {
  const words = wordPicker(testDictionaries().get('en', 'default')!)
  const played: [string[], string[]] = [[], []]
  let turns = 0
  for (;;) {
    const view = await seats[0].mirror.waitUntil(
      (v) => v.state !== 'active' || v.turnAvailable !== null,
      10_000,
      'a side to move',
    )
    if (view.state !== 'active') break
    if (options.stopAfter !== undefined && turns >= options.stopAfter) break
    const side = view.turnAvailable as Side
    const seat = seats[side]
    const mine = await seat.mirror.waitTs(view.ts)
    // Some boards let best-word play go on for hundreds of turns (one did past 200): past
    // GIVE_UP_AFTER turns the side to move resigns, an action like any other, so "to the end" ends.
    const move = turns >= GIVE_UP_AFTER ? null : words.best(mine, side)
    if (!move) {
      expect(await seat.socket.request('game/giveup', { gameId })).toEqual({ success: true, data: {} })
      break
    }
    const ack = await seat.socket.request('game/turn', { gameId, cellIds: move.cellIds })
    expect(ack).toMatchObject({ success: true, data: { word: move.word } })
    played[side].push(move.word)
    turns++
    // Committed before the ack: both players have the version before anyone moves again.
    const after = await seats[0].mirror.waitTs(view.ts + 1)
    await seats[1].mirror.waitTs(view.ts + 1)
    await options.afterTurn?.(turns, after)
  }
  return { words: played, turns }
}
