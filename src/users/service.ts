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
  findUserByNicknameKey,
  findUserByTgId,
  findUsersByIds,
  insertUser,
  setPasswordHash,
  setTelegramId,
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
  /** The web account of this nickname key (users/nickname.ts), with its password hash. */
  findByNicknameKey(key: string): Promise<{ user: User; passwordHash: string | null } | null>
  /** A new web account for an (already checked) nickname; null when its key is taken. */
  createWeb(nickname: string, key: string, lang?: Lang): Promise<User | null>
  setPasswordHash(id: string, hash: string): Promise<boolean>
  /**
   * Gives a web account this Telegram identity: `linked` (also when it already had this id),
   * `taken` (another account has it), `hasOther` (it has another id).
   */
  linkTelegram(id: string, input: TelegramIdentity): Promise<'linked' | 'taken' | 'hasOther'>
  /** Finds the user of this Telegram id (refreshing names) or creates one. `ref` is a referrer's user id. */
  signInTelegram(input: TelegramIdentity, ref?: string): Promise<SignInResult>
  setLang(id: string, lang: Lang): Promise<boolean>
}

/** What a verified Telegram login says about its user, as stored. */
const telegramFields = (input: TelegramIdentity, now: number) => ({
  tgId: input.id,
  firstName: input.firstName,
  lastName: input.lastName,
  tgUsername: input.username,
  tgAllowsPm: input.allowsPm,
  updatedAt: now,
})

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
    nicknameKey: null,
    hasPassword: false,
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

    findByNicknameKey: (key) => findUserByNicknameKey(db, key),

    // A lost race with a concurrent sign-up of the same key inserts nothing: null, the caller says taken.
    createWeb: (nickname, key, lang = 'en') =>
      create(blankUser(clock(), { nickname, nicknameKey: key, lang })),

    setPasswordHash: (id, hash) => setPasswordHash(db, id, hash, clock()),

    async linkTelegram(id, input) {
      const holder = await findUserByTgId(db, input.id)
      if (holder) return holder.id === id ? 'linked' : 'taken'
      const fields = telegramFields(input, clock())
      try {
        if (await setTelegramId(db, id, fields)) return 'linked'
      } catch (err) {
        // The unique tg id index: an account took this id in the meantime.
        const raced = await findUserByTgId(db, input.id)
        if (!raced) throw err
        return raced.id === id ? 'linked' : 'taken'
      }
      return 'hasOther'
    },

    async signInTelegram(input, ref) {
      const now = clock()
      const updated = await updateTelegramFields(db, telegramFields(input, now))
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
