/**
 * The wire's types, proved by `tsc --noEmit -p .` (npm test): nothing here runs. Each
 * `@ts-expect-error` line must fail to compile; if the protocol stopped catching it, tsc would
 * report the directive as unused and the suite would fail.
 */

import { refusal } from '../../src/games/errors.ts'
import { ackOk, type HandlerRegistry } from '../../src/realtime/handlers.ts'
import type { AckOf } from '../../src/realtime/protocol.ts'
import type { AnswerOf, Api } from '../../web/api/client.ts'
import type { Incoming, Socket } from '../../web/realtime/socket.ts'

export function serverSide(registry: HandlerRegistry): void {
  // Positive: the payload is the event's, the ack data is the event's (PROTOCOL.md: {exists}).
  registry.registerHandler('user/checkword', async (_ctx, { lang, word }) =>
    lang && word ? ackOk({ exists: true }) : refusal('BAD_REQUEST'),
  )
  // A misspelt event name.
  // @ts-expect-error 'user/checkWord' is not a client event
  registry.registerHandler('user/checkWord', async () => ackOk({ exists: true }))
  // A wrong ack field: checkword answers {exists}, not {exist}.
  // @ts-expect-error the ack of user/checkword has no field `exist`
  registry.registerHandler('user/checkword', async () => ackOk({ exist: true }))
  // A payload field the event does not have.
  // @ts-expect-error game/turn's payload has cellIds, not cells
  registry.registerHandler('game/turn', async (_ctx, { cells }) => ackOk({ word: String(cells), score: 1 }))
  // Data on an ack that carries none (game/ready answers {}).
  // @ts-expect-error game/ready's ack data is empty
  registry.registerHandler('game/ready', async () => ackOk({ started: true }))
}

export async function clientSide(socket: Socket): Promise<void> {
  // Positive: the payload is checked and the ack's data comes typed, no cast.
  const turn: AckOf<'game/turn'> = await socket.request('game/turn', { gameId: 'g', cellIds: [1, 2] })
  if (turn.success) {
    const points: number = turn.data.score
    const word: string = turn.data.word
    void [points, word]
    // @ts-expect-error a turn's ack has no field `points`
    void turn.data.points
  }
  // @ts-expect-error 'game/trun' is not a client event
  await socket.request('game/trun', { gameId: 'g', cellIds: [1] })
  // @ts-expect-error a wrong payload field: game/turn takes cellIds
  await socket.request('game/turn', { gameId: 'g', cells: [1] })
  const checked = await socket.request('user/checkword', { lang: 'en', word: 'cat' })
  // @ts-expect-error the ack data may only be read once it is known to be a success
  void checked.data.exists
}

export function incoming(message: Incoming): void {
  // The key discriminates the payload: no cast needed in a switch.
  switch (message.key) {
    case 'game/events': {
      const ts: number = message.payload.ts
      void ts
      break
    }
    case 'system/token_refresh': {
      const token: string = message.payload.token
      void token
      // @ts-expect-error token_refresh carries {token} only
      void message.payload.gameId
      break
    }
  }
  // @ts-expect-error 'game/event' is not a server event
  if (message.key === 'game/event') return
}

// REST: `call` resolves with the data Eden reads from the route itself (POST /api/waiting-rooms/join
// answers ok({gameId, observe})), not with a type the caller writes.
type Join = AnswerOf<Api['api']['waiting-rooms']['join']['post']>
const joined: Join = { gameId: 'g', observe: false }
// @ts-expect-error the route answers {gameId, observe}; a caller cannot claim {roomId}
const claimed: Join = { roomId: 'r', observe: false }
void [joined, claimed]
