import { COINS, emptyPlayerStats, LANGS, type Lang } from '../../engine/index.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/client.ts'
import { newId } from '../db/ids.ts'
import { payReferral } from '../economy/referrals.ts'
import { recordLedger } from '../economy/repo.ts'
import { NO_SUBSCRIPTION } from '../economy/types.ts'
import { pushEconomy } from '../economy/view.ts'
import type { Logger } from '../observability/log.ts'
import type { Hub } from '../realtime/hub.ts'
import { detach } from '../util/timers.ts'
import {
  findUserById,
  findUserByTgId,
  findUsersByIds,
  findWebUserByNickname,
  insertUser,
  setUserLang,
  updateTelegramFields,
} from './repo.ts'
import type { TelegramIdentity, User } from './types.ts'

/** Reactions a new profile starts with; shop slots add more. */
export const DEFAULT_INTERCOM_SLOTS = ['👍', '🔥', '😮']

export interface SignInResult {
  user: User
  created: boolean
}

export interface UsersService {
  get(id: string): Promise<User | null>
  getMany(ids: readonly string[]): Promise<User[]>
  /** Finds the web-only user of this (already validated) nickname or creates one. */
  signInWeb(nickname: string, lang?: Lang): Promise<SignInResult>
  /** Finds the user of this Telegram id (refreshing names) or creates one. `ref` is a referrer's user id. */
  signInTelegram(input: TelegramIdentity, ref?: string): Promise<SignInResult>
  setLang(id: string, lang: Lang): Promise<boolean>
}

export function langFromTelegram(code: string | null): Lang {
  const base = code?.toLowerCase().split('-')[0]
  return (LANGS as readonly string[]).includes(base ?? '') ? (base as Lang) : 'en'
}

export interface UsersDeps {
  db: Db
  clock: Clock
  /** With these, an inviter online hears of the coins an invited friend brought (`user/update`). */
  hub?: Hub
  log?: Logger
}

export function createUsersService(deps: UsersDeps): UsersService {
  const { db, clock, hub, log } = deps

  const blankUser = (now: number, fields: Pick<User, 'nickname' | 'lang'> & Partial<User>): User => ({
    id: newId(now),
    firstName: '',
    lastName: '',
    tgId: 0,
    tgUsername: null,
    tgAllowsPm: false,
    eloPvp: 1200,
    eloPve: 1200,
    avatar: null,
    stats: emptyPlayerStats(),
    awards: { a: {}, b: {} },
    level: 0,
    xp: 0,
    coins: COINS.initial,
    intercomSlots: [...DEFAULT_INTERCOM_SLOTS],
    intercomSlotsBought: 0,
    gameSlots: 0,
    isTutorialAvailable: true,
    tutorialPassedAt: null,
    subscription: { ...NO_SUBSCRIPTION },
    income: { amount: 0, lastUpdated: now },
    referrer: null,
    createdAt: now,
    updatedAt: now,
    ...fields,
  })

  // The user and the ledger line of its starting coins are written together or not at all.
  const create = async (user: User) => {
    let paidTo: string | null = null
    const created = await db.transaction(async (tx) => {
      const inserted = await insertUser(tx, user)
      if (!inserted) return null
      await recordLedger(tx, {
        userId: inserted.id,
        delta: inserted.coins,
        reason: 'initial',
        createdAt: inserted.createdAt,
      })
      // An invited user's referral pays both sides with the user's creation, once.
      if (await payReferral(tx, inserted, inserted.createdAt)) {
        paidTo = inserted.referrer
        return findUserById(tx, inserted.id)
      }
      return inserted
    })
    const inviter = paidTo as string | null
    if (inviter && hub && log)
      detach(log, 'inviter balance push', () => pushEconomy({ db, hub, clock, log }, [inviter]))
    return created
  }

  return {
    get: (id) => findUserById(db, id),
    getMany: (ids) => findUsersByIds(db, ids),

    async signInWeb(nickname, lang = 'en') {
      const existing = await findWebUserByNickname(db, nickname)
      if (existing) return { user: existing, created: false }
      const inserted = await create(blankUser(clock(), { nickname, lang }))
      if (inserted) return { user: inserted, created: true }
      // Lost a race with a concurrent sign-in of the same nickname: theirs is ours.
      const raced = await findWebUserByNickname(db, nickname)
      if (!raced) throw new Error('web user vanished after a conflicting insert')
      return { user: raced, created: false }
    },

    async signInTelegram(input, ref) {
      const now = clock()
      const fields = {
        tgId: input.id,
        firstName: input.firstName,
        lastName: input.lastName,
        tgUsername: input.username,
        tgAllowsPm: input.allowsPm,
        updatedAt: now,
      }
      const updated = await updateTelegramFields(db, fields)
      if (updated) return { user: updated, created: false }

      const referrer = ref ? await findUserById(db, ref) : null
      const nickname = (input.username ?? [input.firstName, input.lastName].join(' ')).trim().slice(0, 24)
      const inserted = await create(
        blankUser(now, {
          nickname: nickname || `player${input.id}`,
          lang: langFromTelegram(input.languageCode),
          firstName: input.firstName,
          lastName: input.lastName,
          tgId: input.id,
          tgUsername: input.username,
          tgAllowsPm: input.allowsPm ?? false,
          referrer: referrer?.id ?? null,
        }),
      )
      if (inserted) return { user: inserted, created: true }
      const raced = await findUserByTgId(db, input.id)
      if (!raced) throw new Error('telegram user vanished after a conflicting insert')
      return { user: raced, created: false }
    },

    setLang: (id, lang) => setUserLang(db, id, lang, clock()),
  }
}
