import { afterAll, beforeAll, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { Database } from '../../src/db/client.ts'
import { coinLedger } from '../../src/db/schema/index.ts'
import { recordLedger } from '../../src/economy/repo.ts'
import { ackKeyOf } from '../../src/realtime/ack-key.ts'
import { findAck, pruneAcks, saveAck } from '../../src/realtime/repo.ts'
import { nicknameKey } from '../../src/users/nickname.ts'
import { findUserById, insertUser, setUserLang } from '../../src/users/repo.ts'
import { createUsersService, type UsersService } from '../../src/users/service.ts'
import type { User } from '../../src/users/types.ts'
import { createWebUser, describeBoth, openTestDatabase } from './harness.ts'

describeBoth('storage', (kind) => {
  let database: Database
  let dispose: () => Promise<void>
  let users: UsersService
  let now = 1_800_000_000_000
  beforeAll(async () => {
    ;({ database, dispose } = await openTestDatabase(kind))
    users = createUsersService({ db: database.db, clock: () => now })
  })
  afterAll(() => dispose())

  test('migrations are idempotent', async () => {
    await database.migrate()
  })

  test('a user is written and read back field for field', async () => {
    const { user, created } = await users.signInTelegram({
      id: 2 ** 40 + 7, // beyond 32 bits: tg ids are bigint
      firstName: 'Ёжик',
      lastName: 'В тумане',
      username: null,
      languageCode: 'ru-RU',
      allowsPm: true,
    })
    expect(created).toBe(true)
    const read = (await findUserById(database.db, user.id)) as User
    expect(read).toEqual(user)
    expect(read).toMatchObject({
      tgId: 2 ** 40 + 7,
      nickname: 'Ёжик В тумане',
      lang: 'ru',
      tgAllowsPm: true,
      coins: 10,
      createdAt: now,
      subscription: { id: null, active: false, trialAvailable: true },
    })
    expect(read.stats.gamesPlayed).toBe(0)
    expect(read.awards).toEqual({ a: {}, b: {} })

    // Its starting coins are explained by the ledger.
    const ledger = await database.db.select().from(coinLedger).where(eq(coinLedger.userId, user.id))
    expect(ledger.map((l) => [l.delta, l.reason])).toEqual([[10, 'initial']])
  })

  test('signing in again refreshes Telegram names and keeps the user', async () => {
    now += 1000
    const input = {
      id: 31337,
      firstName: 'A',
      lastName: '',
      username: 'a',
      languageCode: null,
      allowsPm: null,
    }
    const first = await users.signInTelegram(input)
    const again = await users.signInTelegram({ ...input, firstName: 'B', username: 'b2' })
    expect(again.created).toBe(false)
    expect(again.user).toMatchObject({ id: first.user.id, firstName: 'B', tgUsername: 'b2', lang: 'en' })
    expect(again.user.nickname).toBe('a')
  })

  test('a Telegram id names one user; a nickname key names one web user', async () => {
    const a = await createWebUser(users, 'Same Name')
    expect(a.nicknameKey).toBe('same_name')
    expect(await insertUser(database.db, { ...a, id: 'another-id' })).toBeNull()
    // Another spelling with the same key is the same name.
    expect(await insertUser(database.db, { ...a, id: 'another-id', nickname: 'SAME-name' })).toBeNull()
    const tg = (
      await users.signInTelegram({
        id: 424242,
        firstName: 'T',
        lastName: '',
        username: null,
        languageCode: null,
        allowsPm: null,
      })
    ).user
    expect(await insertUser(database.db, { ...tg, id: 'yet-another', nickname: 'unique' })).toBeNull()
    // A Telegram user (no nickname sign-in, no key) may show a web user's nickname.
    expect(tg.nicknameKey).toBeNull()
    expect(
      await insertUser(database.db, { ...tg, id: 'tg-twin', tgId: 424243, nickname: 'Same Name' }),
    ).not.toBeNull()
  })

  test('concurrent creations of one nickname key make one user', async () => {
    const key = nicknameKey('Race Name')
    const results = await Promise.all([1, 2, 3, 4].map(() => users.createWeb('Race Name', key)))
    expect(results.filter((user) => user !== null)).toHaveLength(1)
  })

  test('language updates and unknown users', async () => {
    const user = await createWebUser(users, 'Lang User')
    expect(await setUserLang(database.db, user.id, 'es', now)).toBe(true)
    expect((await users.get(user.id))?.lang).toBe('es')
    expect(await setUserLang(database.db, 'nobody', 'es', now)).toBe(false)
    expect(await users.get('nobody')).toBeNull()
  })

  test('a ledger entry with a reference is recorded once', async () => {
    const user = await createWebUser(users, 'Ledger User')
    const entry = { userId: user.id, delta: 5, reason: 'refund', reference: 'game-1', createdAt: now }
    expect(await recordLedger(database.db, entry)).toBe(true)
    expect(await recordLedger(database.db, entry)).toBe(false)
    expect(await recordLedger(database.db, { ...entry, reference: 'game-2' })).toBe(true)
  })

  test('socket acks: kept per (user, id, event, payload); the first stays; refusals are not kept; old ones pruned', async () => {
    const m1 = ackKeyOf('m1', 'game/turn', { gameId: 'g', cellIds: [1, 2] })
    await saveAck(database.db, 'u1', m1, { success: true, data: { n: 1 } }, 100)
    await saveAck(database.db, 'u1', m1, { success: true, data: { n: 2 } }, 200)
    const refused = ackKeyOf('m2', 'game/turn', { gameId: 'g', cellIds: [3] })
    await saveAck(database.db, 'u1', refused, { success: false, error: { code: 'X', message: 'y' } }, 300)
    const later = ackKeyOf('m3', 'game/ready', { gameId: 'g' })
    await saveAck(database.db, 'u1', later, { success: true }, 300)

    expect(await findAck(database.db, 'u1', m1)).toEqual({ success: true, data: { n: 1 } })
    // The same payload with its keys in another order is the same message.
    expect(
      await findAck(database.db, 'u1', ackKeyOf('m1', 'game/turn', { cellIds: [1, 2], gameId: 'g' })),
    ).toEqual({ success: true, data: { n: 1 } })
    expect(await findAck(database.db, 'u2', m1)).toBeNull()
    expect(
      await findAck(database.db, 'u1', ackKeyOf('m1', 'game/turn', { gameId: 'g', cellIds: [2, 1] })),
    ).toBeNull()
    expect(
      await findAck(database.db, 'u1', ackKeyOf('m1', 'game/giveup', { gameId: 'g', cellIds: [1, 2] })),
    ).toBeNull()
    expect(
      await findAck(database.db, 'u1', ackKeyOf(1, 'game/turn', { gameId: 'g', cellIds: [1, 2] })),
    ).toBeNull()
    expect(await findAck(database.db, 'u1', refused)).toBeNull()
    expect(await pruneAcks(database.db, 250)).toBe(1)
    expect(await findAck(database.db, 'u1', m1)).toBeNull()
    expect(await findAck(database.db, 'u1', later)).toEqual({ success: true })
  })

  test('a failing step rolls the whole transaction back', async () => {
    const user = await createWebUser(users, 'Tx User')
    await expect(
      database.db.transaction(async (tx) => {
        await setUserLang(tx, user.id, 'ru', now)
        throw new Error('abort')
      }),
    ).rejects.toThrow('abort')
    expect((await users.get(user.id))?.lang).toBe('en')
  })
})
