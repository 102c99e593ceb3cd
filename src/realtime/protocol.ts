/**
 * The socket protocol (PROTOCOL.md): the one place where client messages are parsed and checked,
 * and the one definition of every message either way.
 */
import { TypeCompiler } from '@sinclair/typebox/compiler'
import { type Static, type TSchema, t } from 'elysia'
import {
  BOOSTER_IDS,
  DICT_TYPES,
  type GameType,
  type GameView,
  HINT_GRADES,
  type HintShown,
  type HistoryEvent,
  type Lang,
  type Patch,
  type SideResult,
  type TimeMode,
} from '../../engine/index.ts'
import type { DailyUpdate } from '../dailies/types.ts'
import { findUncleanText } from '../http/clean-text.ts'
import { LangSchema, oneOf } from '../http/models.ts'
import type { Profile } from '../users/profile.ts'

/** A client's message id, echoed as sent in the ack. */
export type MessageId = string | number

// Elysia's t.Integer also accepts numeric strings; the protocol takes JSON numbers only.
const Int = (options: { minimum?: number; maximum?: number } = {}) => t.Number({ multipleOf: 1, ...options })
const Id = t.String({ minLength: 1, maxLength: 64 })
const GameRef = t.Object({ gameId: Id })
const CellId = Int({ minimum: 0, maximum: 1023 })
const BoosterIdSchema = oneOf(BOOSTER_IDS)
const MutationLetter = t.String({ minLength: 1, maxLength: 2 })

/** Client → server payloads, keyed `type/event` (PROTOCOL.md "Playing", SPEC.md §7). */
export const clientMessages = {
  'game/ready': GameRef,
  'game/turn': t.Object({
    gameId: Id,
    cellIds: t.Array(CellId, { minItems: 1, maxItems: 64 }),
    booster: t.Optional(
      t.Object({ boosterId: BoosterIdSchema, cellId: CellId, mutationLetter: t.Optional(MutationLetter) }),
    ),
  }),
  'game/booster': t.Object({
    gameId: Id,
    boosterId: BoosterIdSchema,
    cellId: CellId,
    mutationLetter: t.Optional(MutationLetter),
  }),
  // grade (beyond PROTOCOL.md, docs/server.md "Graded hints"): area, letter or word; absent = word.
  'game/hint': t.Object({ gameId: Id, cost: Int({ minimum: 0 }), grade: t.Optional(oneOf(HINT_GRADES)) }),
  'game/giveup': GameRef,
  'game/takeWin': GameRef,
  'game/observe': GameRef,
  'game/leaveObserve': GameRef,
  'game/intercom': t.Object({ gameId: Id, message: t.String({ minLength: 1, maxLength: 64 }) }),
  'game/finish': GameRef,
  'game/skipResult': GameRef,
  // Beyond PROTOCOL.md (docs/server.md "Rematch"): offer or accept a new game with the same options.
  'game/rematch': GameRef,
  'game/rematchDecline': GameRef,
  'user/checkword': t.Object({
    lang: LangSchema,
    word: t.String({ minLength: 1, maxLength: 32 }),
    // Beyond PROTOCOL.md: the game's dictionary size, so the answer matches what a turn will accept.
    dictType: t.Optional(oneOf(DICT_TYPES)),
  }),
  'user/presenceSubscribe': t.Object({ uids: t.Array(Id, { maxItems: 200 }) }),
  'user/presenceOffline': t.Object({}),
  'user/presenceResume': t.Object({}),
  'user/dailyUpdatesSubscribe': t.Object({ dailyIds: t.Array(Id, { maxItems: 20 }) }),
} as const satisfies Record<string, TSchema>

export type ClientEvent = keyof typeof clientMessages
export type ClientPayload<E extends ClientEvent> = Static<(typeof clientMessages)[E]>

/** A parsed, checked client message. `key` is `type/event`. */
export type ClientMessage = {
  [E in ClientEvent]: { key: E; payload: ClientPayload<E>; id: MessageId | undefined }
}[ClientEvent]

/** An ack's data that carries nothing but the acceptance. */
export type Accepted = Record<string, never>

/** What game/skipResult answers: the game's results, what changed and the new values (docs/server.md). */
export type SkipResultAck = {
  results: [SideResult, SideResult] | undefined
  diff: Record<string, number>
  update: Record<string, number>
}

/**
 * The data of each client event's accepted ack (PROTOCOL.md "Playing", the ack column); `undefined`
 * where the ack carries no data at all. Handlers return exactly this (realtime/handlers.ts), and the
 * client's `socket.request(E)` resolves with it.
 */
interface AckData {
  'game/ready': Accepted
  /** The word played and the points of this turn. */
  'game/turn': { word: string; score: number }
  /** A check only: what the booster costs now. */
  'game/booster': { cost: number }
  'game/hint': HintShown
  'game/giveup': Accepted
  'game/takeWin': Accepted
  /** `watchers` beyond PROTOCOL.md: distinct users observing (docs/server.md). */
  'game/observe': { game: GameView; watchers: number }
  'game/leaveObserve': Accepted
  'game/intercom': Accepted
  'game/finish': Accepted
  'game/skipResult': SkipResultAck
  /** The new game's id once both offered; null while the other has not. */
  'game/rematch': { gameId: string | null }
  'game/rematchDecline': Accepted
  'user/checkword': { exists: boolean }
  'user/presenceSubscribe': undefined
  'user/presenceOffline': undefined
  'user/presenceResume': undefined
  'user/dailyUpdatesSubscribe': Accepted
}
/** Indexed by ClientEvent, so an event of clientMessages without an ack type here does not compile. */
export type ClientAcks = { [E in ClientEvent]: AckData[E] }

export interface AckError {
  code: string
  message: string
}
export interface AckRefused {
  success: false
  error: AckError
}
export type AckAccepted<T> = [T] extends [undefined]
  ? { success: true; data?: undefined }
  : { success: true; data: T }
/** The ack of a message whose accepted answer carries `T`. */
export type Ack<T> = AckAccepted<T> | AckRefused
/** The ack of client event E. */
export type AckOf<E extends ClientEvent> = Ack<ClientAcks[E]>

export type PresenceMap = Record<string, 0 | 1>
/** Waiting PvP rooms per game type and language (SPEC.md §3 Lobby monitor). */
export type LobbyCounts = Record<GameType, Record<Lang, number>>
/** The same per time mode (the arena pairs within one time mode): beyond PROTOCOL.md. */
export type LobbyTimeModeCounts = Record<TimeMode, Record<Lang, number>>

/** Server → client payloads, keyed `type/event` (PROTOCOL.md "Server → client"). */
export interface ServerPayloads {
  'game/events': { gameId: string; ts: number; changes: Patch; events: HistoryEvent[] }
  'game/created': { game: GameView; presence: PresenceMap }
  'game/finish': { game: GameView }
  'user/update': { data: Partial<Profile> }
  'presence/update': PresenceMap
  /** Beyond PROTOCOL.md's {bestAttempt, rating}: the daily's id too (docs/server.md "Daily challenge"). */
  'daily/update': DailyUpdate
  'lobby/pvpMonitor': { counts: LobbyCounts; timeModes: LobbyTimeModeCounts }
  /** Beyond PROTOCOL.md: distinct users observing a game, to its players and observers on change. */
  'game/watchers': { gameId: string; count: number }
  /** Beyond PROTOCOL.md: the rematch offers of a finished game, by side, to both players on change. */
  'game/rematch': { gameId: string; offers: [boolean, boolean]; declined: boolean }
  'system/token_refresh': { token: string }
  'system/signout': Record<string, never>
  'system/no_coins_enough': Record<string, never>
  'system/no_game_slots': Record<string, never>
  'system/error': { code: string; message: string }
}
export type ServerEvent = keyof ServerPayloads

/** A server message as the client reads it: `type/event` joined; a union discriminated by `key`. */
export type IncomingMessage = {
  [E in ServerEvent]: { key: E; payload: ServerPayloads[E]; timestamp: number }
}[ServerEvent]

export interface ServerMessage<E extends ServerEvent = ServerEvent> {
  type: E extends `${infer T}/${string}` ? T : never
  event: E extends `${string}/${infer N}` ? N : never
  payload: ServerPayloads[E]
  timestamp: number
}

/** Any ack, as the dispatcher stores and sends it whatever its event. */
export type AckPayload = { success: true; data?: unknown } | AckRefused

export interface AckMessage {
  type: 'ack'
  event: 'ack'
  id: MessageId
  payload: AckPayload
  timestamp: number
}

export function serverMessage<E extends ServerEvent>(
  key: E,
  payload: ServerPayloads[E],
  timestamp: number,
): ServerMessage<E> {
  const slash = key.indexOf('/')
  return {
    type: key.slice(0, slash),
    event: key.slice(slash + 1),
    payload,
    timestamp,
  } as ServerMessage<E>
}

export function ackMessage(id: MessageId, payload: AckPayload, timestamp: number): AckMessage {
  return { type: 'ack', event: 'ack', id, payload, timestamp }
}

export type ParseResult =
  | { ok: true; message: ClientMessage }
  | { ok: false; id: MessageId | undefined; error: string }

const Envelope = t.Object({
  type: t.String({ minLength: 1, maxLength: 32 }),
  event: t.String({ minLength: 1, maxLength: 64 }),
  payload: t.Optional(t.Unknown()),
  timestamp: t.Optional(t.Number()),
  id: t.Optional(t.Union([t.String({ minLength: 1, maxLength: 64 }), t.Number()])),
})
const envelopeCheck = TypeCompiler.Compile(Envelope)
const payloadChecks = new Map(
  Object.entries(clientMessages).map(([key, schema]) => [key, TypeCompiler.Compile(schema as TSchema)]),
)

/** The message keys a client may send. */
export const CLIENT_EVENTS = Object.keys(clientMessages) as ClientEvent[]

const MALFORMED = Symbol('malformed JSON')

/**
 * A frame as a value: the raw text parsed (MALFORMED when it is not JSON), or what Elysia already
 * decoded from it (Elysia hands over the original string when JSON.parse failed).
 */
function decoded(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw
  try {
    return JSON.parse(raw)
  } catch {
    return MALFORMED
  }
}

/**
 * The id of a frame as far as it can be read without checking the rest (a frame answered
 * RATE_LIMITED is read no further). Never throws.
 */
export function idOf(raw: unknown): MessageId | undefined {
  const value = decoded(raw)
  if (typeof value !== 'object' || value === null) return undefined
  const id = (value as { id?: unknown }).id
  if (typeof id === 'string') return id.length <= 64 ? id : undefined
  return typeof id === 'number' && Number.isFinite(id) ? id : undefined
}

/**
 * Parses one socket frame: the raw text or Elysia's decoding of it (see decoded). Never throws.
 */
export function parseClientMessage(raw: unknown): ParseResult {
  const value = decoded(raw)
  if (value === MALFORMED) return { ok: false, id: undefined, error: 'Malformed JSON' }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || ArrayBuffer.isView(value))
    return { ok: false, id: undefined, error: 'A message must be a JSON object' }
  const id = idOf(value)
  if (!envelopeCheck.Check(value))
    return { ok: false, id, error: 'Envelope must be {type, event, payload, timestamp, id?}' }
  // Once here for every event: no handler ever sees a NUL or a lone surrogate (clean-text.ts).
  const unclean = findUncleanText(value)
  if (unclean !== null) return { ok: false, id, error: `Text at ${unclean} holds a NUL or invalid Unicode` }
  const key = `${value.type}/${value.event}`
  // A Map, not an object lookup: `__proto__/x` must be unknown, not a crash (PITFALLS.md).
  const check = payloadChecks.get(key)
  if (!check) return { ok: false, id, error: `Unknown message ${key}` }
  const payload = value.payload ?? {}
  if (!check.Check(payload)) {
    const first = check.Errors(payload).First()
    const where = first?.path ? ` at ${first.path}` : ''
    return { ok: false, id, error: `Invalid payload of ${key}${where}: ${first?.message ?? 'bad value'}` }
  }
  return { ok: true, message: { key, payload, id } as ClientMessage }
}
