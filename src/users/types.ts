import type { Awards, Lang, PlayerStats } from '../../engine/index.ts'
import type { Income, Subscription } from '../economy/types.ts'

/** A stored user as the server's logic sees it (repo.ts maps rows to this). */
export interface User {
  id: string
  nickname: string
  firstName: string
  lastName: string
  /** 0 for web-only users. */
  tgId: number
  tgUsername: string | null
  tgAllowsPm: boolean
  eloPvp: number
  eloPve: number
  lang: Lang
  avatar: string | null
  stats: PlayerStats
  awards: Awards
  level: number
  xp: number
  coins: number
  intercomSlots: string[]
  /** Bought emoji slots; the tier's come on top (see intercomSlotsCapacity). */
  intercomSlotsBought: number
  /** Bought game slots; the tier's slots come on top (see gameSlotsCapacity). */
  gameSlots: number
  isTutorialAvailable: boolean
  tutorialPassedAt: number | null
  subscription: Subscription
  income: Income
  referrer: string | null
  /** The sign-in key of a web account (users/nickname.ts); null: Telegram only, no nickname sign-in. */
  nicknameKey: string | null
  /** Whether a password is set; the hash itself stays in the repo. */
  hasPassword: boolean
  createdAt: number
  updatedAt: number
}

/** A Telegram user as a verified login (Mini App init data or the Login Widget) tells it. */
export interface TelegramIdentity {
  id: number
  firstName: string
  lastName: string
  username: string | null
  languageCode: string | null
  /** Only the Mini App reports it; null when unknown. */
  allowsPm: boolean | null
}
