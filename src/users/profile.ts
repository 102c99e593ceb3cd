import {
  type AchievementId,
  type AchievementLevel,
  accrueIncome,
  achievementLevels,
  incomeMaxShown,
} from '../../engine/index.ts'
import { gameSlotsCapacity, intercomSlotsCapacity, limitsOf } from '../economy/tiers.ts'
import type { Income, Subscription } from '../economy/types.ts'
import type { User } from './types.ts'

/**
 * Achievement levels with the value each counts and the next threshold (engine ACHIEVEMENTS);
 * null without PRO (SPEC.md §6: achievements are a PRO feature of the profile's owner).
 */
export type Achievements = Record<AchievementId, AchievementLevel> | null

/** Achievements are derived from the stats, never stored, and shown only for a PRO owner. */
export function achievementsOf(user: Pick<User, 'stats' | 'subscription'>, now: number): Achievements {
  return limitsOf(user.subscription, now).achievements ? achievementLevels(user.stats) : null
}

/** The user fields the own profile shows as stored. */
type OwnFields =
  | 'firstName'
  | 'lastName'
  | 'nickname'
  | 'tgId'
  | 'tgAllowsPm'
  | 'eloPvp'
  | 'eloPve'
  | 'lang'
  | 'avatar'
  | 'stats'
  | 'awards'
  | 'level'
  | 'xp'
  | 'coins'
  | 'intercomSlots'
  | 'gameSlots'
  | 'isTutorialAvailable'
  | 'subscription'
  | 'income'
  | 'referrer'
  | 'createdAt'

/** The own profile of /api/init and user/update (SPEC.md §3 Profile, its field names). */
export interface Profile extends Pick<User, OwnFields> {
  _id: string
  achievements: Achievements
  isOnline: boolean
  isDev: boolean
  intercomSlotsCapacity: number
  gameSlotsCapacity: number
  /** Accrued as of the answer (economy: GET /api/user/charge-income collects it). */
  income: Income
  /** The income maximum to show (the tier's, raised to the amount above it). */
  incomeMax: number
  /** A web account: it signs in by nickname (with a device key or password) and may link Telegram. */
  webAccount: boolean
  hasPassword: boolean
}

/** What anyone may see of another user (GET /api/user/{id}): no coins, ids or subscription details. */
export interface PublicProfile
  extends Pick<
    User,
    | 'nickname'
    | 'firstName'
    | 'avatar'
    | 'eloPvp'
    | 'eloPve'
    | 'level'
    | 'xp'
    | 'stats'
    | 'awards'
    | 'createdAt'
  > {
  _id: string
  achievements: Achievements
  isOnline: boolean
  isPro: boolean
}

export interface ProfileContext {
  now: number
  isOnline: boolean
  devTgIds: ReadonlySet<number>
}

export function toProfile(user: User, ctx: ProfileContext): Profile {
  const subscription = currentSubscription(user.subscription, ctx.now)
  const income = accrueIncome(user.income, user.subscription, ctx.now)
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    nickname: user.nickname,
    tgId: user.tgId,
    tgAllowsPm: user.tgAllowsPm,
    eloPvp: user.eloPvp,
    eloPve: user.eloPve,
    lang: user.lang,
    avatar: user.avatar,
    stats: user.stats,
    awards: user.awards,
    achievements: achievementsOf(user, ctx.now),
    isOnline: ctx.isOnline,
    isDev: user.tgId !== 0 && ctx.devTgIds.has(user.tgId),
    level: user.level,
    xp: user.xp,
    coins: user.coins,
    intercomSlots: user.intercomSlots,
    intercomSlotsCapacity: intercomSlotsCapacity(user.intercomSlotsBought, user.subscription, ctx.now),
    gameSlots: user.gameSlots,
    gameSlotsCapacity: gameSlotsCapacity(user.gameSlots, user.subscription, ctx.now),
    isTutorialAvailable: user.isTutorialAvailable,
    subscription,
    income,
    incomeMax: incomeMaxShown(income, user.subscription, ctx.now),
    webAccount: user.nicknameKey !== null,
    hasPassword: user.hasPassword,
    referrer: user.referrer,
    createdAt: user.createdAt,
  }
}

export function toPublicProfile(user: User, isOnline: boolean, now: number): PublicProfile {
  return {
    _id: user.id,
    nickname: user.nickname,
    firstName: user.firstName,
    avatar: user.avatar,
    eloPvp: user.eloPvp,
    eloPve: user.eloPve,
    level: user.level,
    xp: user.xp,
    stats: user.stats,
    awards: user.awards,
    achievements: achievementsOf(user, now),
    isOnline,
    isPro: currentSubscription(user.subscription, now).active,
    createdAt: user.createdAt,
  }
}

/** A stored subscription past its end is shown inactive even before a job rewrites it. */
function currentSubscription(subscription: Subscription, now: number): Subscription {
  const expired = subscription.expiresAt !== null && subscription.expiresAt <= now
  return expired && subscription.active ? { ...subscription, active: false } : subscription
}
