/**
 * A game against the computer played over the real server, for the suites that need a finished
 * (or a live) game: created through POST /api/waiting-rooms, readied, our side playing the best
 * word by the heuristic for a number of turns, then (optionally) given up.
 */
import { expect } from 'bun:test'
import { wordPicker } from '../../bench/lib/client-move.ts'
import type { AiLevel, GameView } from '../../engine/index.ts'
import type { Client } from './clients.ts'
import { GameMirror, passCountdown } from './game-mirror.ts'
import { type TestServer, testDictionaries } from './harness.ts'
import { call } from './http.ts'

export interface ComputerGame {
  gameId: string
  mirror: GameMirror
}

/** A started game against the computer, our side (0) to move or about to. */
export async function startComputerGame(
  server: TestServer,
  client: Client,
  level: AiLevel = 'veryEasy',
): Promise<ComputerGame> {
  const created = await call<{ room: { gameId: string } }>(server, '/api/waiting-rooms', {
    token: client.token,
    body: { type: 'classic', mode: 'computer', lang: 'en', extraParams: { level } },
  })
  expect(created.status).toBe(200)
  const gameId = created.body.data.room.gameId
  const msg = await client.socket.waitFor(
    (m) => m.type === 'game' && m.event === 'created' && (m.payload as { game: GameView }).game.id === gameId,
  )
  const mirror = new GameMirror(client.socket, (msg.payload as { game: GameView }).game)
  expect(await client.socket.request('game/ready', { gameId })).toEqual({ success: true, data: {} })
  await passCountdown(server.clock, mirror)
  return { gameId, mirror }
}

/** Plays up to `turns` of our words (the best by the heuristic); answers how many were played. */
export async function playTurns(client: Client, game: ComputerGame, turns: number): Promise<number> {
  const words = wordPicker(testDictionaries().get('en', 'default')!)
  let played = 0
  while (played < turns) {
    const view = await game.mirror.waitUntil(
      (v) => v.state !== 'active' || v.turnAvailable === 0,
      10_000,
      'our turn',
    )
    if (view.state !== 'active') break
    const move = words.best(view, 0)
    if (!move) break
    const ack = await client.socket.request('game/turn', { gameId: game.gameId, cellIds: move.cellIds })
    expect(ack.success).toBe(true)
    await game.mirror.waitTs(view.ts + 1)
    played++
  }
  return played
}

/** Plays `turns` words, then gives up (unless the game ended first); answers the final view. */
export async function finishComputerGame(
  client: Client,
  game: ComputerGame,
  turns: number,
): Promise<GameView> {
  await playTurns(client, game, turns)
  const view = await game.mirror.waitUntil(
    (v) => v.state !== 'active' || v.turnAvailable === 0,
    10_000,
    'our turn or the end',
  )
  if (view.state === 'active')
    expect(await client.socket.request('game/giveup', { gameId: game.gameId })).toEqual({
      success: true,
      data: {},
    })
  return game.mirror.waitUntil((v) => v.state === 'over', 10_000, 'the end')
}
