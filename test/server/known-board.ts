/**
 * A 5×5 board whose words are known, and games on it stored straight through the games service
 * (no dice, no lobby) or only made, for tests that need a given position. Side 0 owns row 0 ("cater"), side 1
 * row 4; rows 3 and 4 hold no vowel, so side 1 can spell nothing at all.
 */
import {
  type AiLevel,
  boardFromLetters,
  computerId,
  createGame,
  type Game,
  type GameMode,
  type GameOptions,
  type PlayerUser,
} from '../../engine/index.ts'
import { newId } from '../../src/db/ids.ts'
import { signIn, type TestServer } from './harness.ts'

export const KNOWN_LETTERS = [...'catercatonoetisqxzjvxqjzk']

export interface KnownGame {
  users: [PlayerUser, PlayerUser]
  /** Default pvp. */
  mode?: GameMode
  options?: Partial<GameOptions>
  /** A pve game's computer (side 1). */
  computerLevel?: AiLevel
  /** Already started, side 0 to move (default: a new game). */
  started?: boolean
  /** Any other change before it is stored. */
  shape?: (game: Game) => void
}

/** The game on the known board, created at `now` and not stored. */
export function knownGame(known: KnownGame, id: string, now: number): Game {
  const game = createGame({
    id,
    mode: known.mode ?? 'pvp',
    lang: 'en',
    options: known.options,
    users: known.users,
    board: boardFromLetters(KNOWN_LETTERS, 5),
    now,
  })
  if (known.started)
    Object.assign(game, {
      state: 'active',
      ready: [true, true],
      countdownAt: now - 3000,
      startedAt: now,
      turnStartedAt: now,
      turnAvailable: 0,
    })
  known.shape?.(game)
  return game
}

/** Stores the game and answers its id. */
export async function storeKnownGame(server: TestServer, known: KnownGame): Promise<string> {
  const now = server.clock.now()
  const game = knownGame(known, newId(now), now)
  const created = await server.games.create({ game, computerLevel: known.computerLevel, payers: [] })
  if (!created.ok) throw new Error(created.code)
  return game.id
}

/** A started classic pvp game on the known board between two users (side 0 to move). */
export function storeKnownPvp(
  server: TestServer,
  uids: [string, string],
  extra: Pick<KnownGame, 'options' | 'shape'> = {},
): Promise<string> {
  return storeKnownGame(server, {
    users: [
      { id: uids[0], name: 'A', avatar: null },
      { id: uids[1], name: 'B', avatar: null },
    ],
    options: { timeMode: 'classic', ...extra.options },
    started: true,
    shape: extra.shape,
  })
}

/** A started game on the known board of a player (side 0, to move) against the computer at `level`. */
export function storeKnownPve(
  server: TestServer,
  player: { uid: string; name: string },
  level: AiLevel,
  extra: Pick<KnownGame, 'options' | 'shape'> = {},
): Promise<string> {
  return storeKnownGame(server, {
    mode: 'pve',
    users: [
      { id: player.uid, name: player.name, avatar: null },
      { id: computerId(level), name: 'Computer', avatar: null },
    ],
    computerLevel: level,
    started: true,
    ...extra,
  })
}

/** Two players signed in afresh (`<name> A`, `<name> B`) and a started pvp game of theirs, side 0 to move. */
export async function knownGameOfNewPlayers(
  server: TestServer,
  name: string,
  extra: Pick<KnownGame, 'options' | 'shape'> = {},
) {
  const a = await signIn(server, `${name} A`)
  const b = await signIn(server, `${name} B`)
  return { a, b, gameId: await storeKnownPvp(server, [a.uid, b.uid], extra) }
}
