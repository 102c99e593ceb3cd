/** Plain HTTP calls of the server tests: the envelope as it comes, game reads, and game starts. */
import { expect } from 'bun:test'
import type { GameView } from '../../engine/index.ts'
import type { TestSocket } from './ws-client.ts'

/** Where the server listens: a TestServer, or anything with its `url`. */
export type Target = { url: string }

export interface Answer<T> {
  status: number
  body: { success: boolean; data: T; error?: { code: string; message?: string } }
}

export interface CallOptions {
  token?: string | null
  /** GET without a body, POST with one, unless told. */
  method?: string
  body?: unknown
}

/**
 * One call, as a well-behaved client makes it: a 429 of the per-address limits (the suites run
 * with them on, all from 127.0.0.1) is waited out as its Retry-After says, then sent again.
 */
export async function call<T = unknown>(
  server: Target,
  path: string,
  { token, method, body }: CallOptions = {},
): Promise<Answer<T>> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${server.url}${path}`, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const retryAfter = Number(res.headers.get('retry-after') ?? 0)
    if (res.status === 429 && retryAfter > 0 && attempt < 30) {
      await res.body?.cancel()
      await Bun.sleep(retryAfter * 1000)
      continue
    }
    return { status: res.status, body: (await res.json()) as Answer<T>['body'] }
  }
}

/** POST that must succeed: answers `data`. */
export async function postData<T>(
  server: Target,
  path: string,
  token: string | null,
  body: unknown = {},
): Promise<T> {
  const res = await call<T>(server, path, { token, body })
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data
}

/** GET /api/games/{id}: the view anyone may read. */
export async function fetchGame(server: Target, id: string): Promise<GameView> {
  return (await call<GameView>(server, `/api/games/${id}`)).body.data
}

/** Polls the game until `until` holds (timers run on the server, not in the test). */
export async function waitGame(
  server: Target,
  id: string,
  until: (g: GameView) => boolean,
  ms = 20_000,
): Promise<GameView> {
  const deadline = Date.now() + ms
  for (;;) {
    const g = await fetchGame(server, id)
    if (until(g)) return g
    if (Date.now() > deadline) throw new Error(`game ${id} never got there: ts ${g.ts}, ${g.state}`)
    await Bun.sleep(20)
  }
}

/**
 * POSTs a call that starts a game (a daily attempt, the tutorial) and waits for that game's
 * `game/created` on the player's socket, sent after the call (a resumed game is announced again).
 */
export async function startGameBy(
  server: Target,
  socket: TestSocket,
  token: string,
  path: string,
  body: unknown = {},
): Promise<{ gameId: string; resumed: boolean; game: GameView }> {
  const seen = socket.received.length
  const res = await call<{ gameId: string; resumed: boolean }>(server, path, { token, body })
  expect(res.status).toBe(200)
  const created = await socket.waitFor(
    (m) =>
      socket.received.indexOf(m) >= seen &&
      m.type === 'game' &&
      m.event === 'created' &&
      (m.payload as { game: GameView }).game.id === res.body.data.gameId,
  )
  return { ...res.body.data, game: (created.payload as { game: GameView }).game }
}
