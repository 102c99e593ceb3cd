/** The daily challenge as clients see it (SPEC.md §3 Daily, docs/server.md "Daily challenge"). */
import type { AiLevel, DailyKey, Lang, PlayerUser, TimeMode } from '../../engine/index.ts'

/** SPEC.md's Daily (`_id, key, day, isPublic, active`) and how it is played. */
export interface DailyView {
  _id: string
  key: DailyKey
  /** The UTC day, `YYYY-MM-DD`. */
  day: string
  lang: Lang
  isPublic: boolean
  active: boolean
  /** The computer's level and the clock of every attempt. */
  level: AiLevel
  timeMode: TimeMode
  /** 00:00 UTC after the day: the results are final then (the client counts down to it). */
  endsAt: number
}

/** A player's best attempt at a daily, ranked (RULES §9). */
export interface AttemptRow {
  dailyId: string
  rank: number
  user: PlayerUser
  won: boolean
  /** The player's own turns. */
  turns: number
  timeMs: number
  score: number
  /** Attempts of this player at this daily that counted (finished before the day ended). */
  attempts: number
  /** The game of the best attempt (open to spectators, like every game). */
  gameId: string
  finishedAt: number
  /** The player played the secret word in some attempt. */
  secretFound: boolean
}

/** The caller's own best attempt: the secret word too, once they found it. */
export interface OwnAttempt extends AttemptRow {
  secret: string | null
}

/** The top of a daily's table and how many players it has. */
export interface DailyRating {
  dailyId: string
  items: AttemptRow[]
  total: number
}

/** GET /api/dailies and GET /api/dailies/arhive. */
export interface DailiesAnswer {
  /** The server's clock when answering, so the client's countdown does not trust the device clock. */
  serverTime: number
  day: string
  dailies: DailyView[]
  ratings: DailyRating[]
  bestAttempts: OwnAttempt[]
}

/** `daily/update`: a player's best attempt changed the table of a daily. */
export interface DailyUpdate {
  dailyId: string
  /** The attempt that changed the table, with its player and new rank (never the secret word). */
  bestAttempt: AttemptRow
  rating: DailyRating
}
