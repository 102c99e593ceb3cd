import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { AVATAR_CATALOGUE, COINS, emptyPlayerStats } from '../../engine/index.ts'
import { users } from '../../src/db/schema/index.ts'
import { useServer } from '../server/clients.ts'
import { bearer, describeServer, signIn, type TestServer } from '../server/harness.ts'
import { TestSocket } from '../server/ws-client.ts'
import { tgSignIn } from '../telegram/setup.ts'
import { coinsOf, ledgerMismatches, ledgerOf } from './ledger.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const DEV_TG_ID = 990_101

type Json = {
  success: boolean
  data?: Record<string, unknown> & { [k: string]: unknown }
  error?: { code: string }
}

/** Plain fetch: status and envelope, for routes whose body the typed client makes awkward (DELETE with a body). */
async function call(server: TestServer, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, json: (await res.json()) as Json }
}

describeServer('economy routes', (db) => {
  const { server } = useServer(db, { env: { DEV: '1', DEV_TG_IDS: String(DEV_TG_ID) } })
  const database = () => server().core.db

  const setGamesPlayed = (uid: string, gamesPlayed: number) =>
    database()
      .update(users)
      .set({ stats: { ...emptyPlayerStats(), gamesPlayed } })
      .where(eq(users.id, uid))

  describe('income', () => {
    test('refresh-income shows the accrual; charge-income moves whole coins into the balance, once', async () => {
      // Held: the accrual is for exactly the time the test moves, however slow the calls between.
      server().clock.pause()
      try {
        const { token, uid } = await signIn(server(), 'Earner')
        server().clock.advance(HOUR / 2)
        const refreshed = await server().api.api.user['refresh-income'].get(bearer(token))
        expect(refreshed.data?.data.income.amount).toBeCloseTo(0.5, 3)
        expect(refreshed.data?.data.incomeMax).toBe(2)

        server().clock.advance(5 * HOUR)
        const charged = await server().api.api.user['charge-income'].get(bearer(token))
        expect(charged.data?.data).toMatchObject({ charged: 2, coins: 12 })
        expect(charged.data?.data.income.amount).toBeCloseTo(0, 3)
        const again = await server().api.api.user['charge-income'].get(bearer(token))
        expect(again.data?.data).toMatchObject({ charged: 0, coins: 12 })
        expect((await ledgerOf(database(), uid)).map((r) => [r.reason, r.delta])).toEqual([
          ['initial', 10],
          ['income', 2],
        ])
      } finally {
        server().clock.resume()
      }
    })

    test('needs a token', async () => {
      expect((await server().api.api.user['charge-income'].get()).status).toBe(401)
    })
  })

  describe('avatar', () => {
    const FOX = 'emoji:🦊'
    const OWL = 'emoji:🦉'
    const PRO_AVATAR = AVATAR_CATALOGUE.find((a) => a.pro)?.id as string

    test('only the catalogue: a picture URL or any other string is refused and changes nothing', async () => {
      const { token, uid } = await signIn(server(), 'Tracker')
      await setGamesPlayed(uid, 3)
      for (const avatar of [
        'https://tracker.example/pixel.gif',
        'emoji:💩',
        '🦊',
        'fox',
        'data:image/png;base64,AAAA',
      ]) {
        const res = await server().api.api.user.avatar.post({ avatar }, bearer(token))
        expect({ avatar, status: res.status }).toEqual({ avatar, status: 400 })
        expect(res.error?.value).toMatchObject({
          error: { code: 'BAD_REQUEST', message: expect.stringContaining('catalogue') },
        })
      }
      expect(await coinsOf(database(), uid)).toBe(COINS.initial)
      const [row] = await database().select({ avatar: users.avatar }).from(users).where(eq(users.id, uid))
      expect(row?.avatar).toBeNull()
    })

    test('an avatar stored before the catalogue (a URL) never reaches a game', async () => {
      const { token, uid } = await signIn(server(), 'Legacy')
      await database().update(users).set({ avatar: 'https://tracker.example/p.gif' }).where(eq(users.id, uid))
      const res = await server().api.api['waiting-rooms'].post(
        { type: 'classic', mode: 'computer', lang: 'en' },
        bearer(token),
      )
      const gameId = res.data?.data.room.gameId as string
      const game = await server().api.api.games({ id: gameId }).get()
      expect(game.data?.data.players[0].user).toEqual({ id: uid, name: 'Legacy', avatar: null })
    })

    test('a PRO avatar needs PRO', async () => {
      const { token, uid } = await signIn(server(), 'Peacock')
      await setGamesPlayed(uid, 3)
      const refused = await server().api.api.user.avatar.post({ avatar: PRO_AVATAR }, bearer(token))
      expect(refused.status).toBe(403)
      expect(refused.error?.value).toMatchObject({ error: { code: 'AVATAR_NEEDS_PRO' } })
      expect(await coinsOf(database(), uid)).toBe(COINS.initial)
      expect((await server().api.api.subscription.trial.post(undefined, bearer(token))).status).toBe(200)
      const saved = await server().api.api.user.avatar.post({ avatar: PRO_AVATAR }, bearer(token))
      expect(saved.data?.data).toMatchObject({ avatar: PRO_AVATAR, coins: COINS.initial - COINS.perAvatar })
    })

    test('needs 3 games, then costs 10 coins; without the coins it is refused and the socket hears it', async () => {
      const { token, uid } = await signIn(server(), 'Painter')
      const early = await server().api.api.user.avatar.post({ avatar: FOX }, bearer(token))
      expect(early.status).toBe(403)
      expect(early.error?.value).toMatchObject({ error: { code: 'AVATAR_NEEDS_GAMES' } })

      await setGamesPlayed(uid, 3)
      const socket = await TestSocket.connect(server().wsUrl, token)
      const saved = await server().api.api.user.avatar.post({ avatar: FOX }, bearer(token))
      expect(saved.data?.data).toMatchObject({ avatar: FOX, coins: 0 })
      // The socket hears the new balance too.
      const update = await socket.waitFor((m) => m.type === 'user' && m.event === 'update')
      expect(update.payload).toMatchObject({ data: { coins: 0, avatar: FOX } })
      // The same avatar again is free; another one needs coins the user no longer has.
      expect((await server().api.api.user.avatar.post({ avatar: FOX }, bearer(token))).status).toBe(200)
      const broke = await server().api.api.user.avatar.post({ avatar: OWL }, bearer(token))
      expect(broke.status).toBe(409)
      expect(broke.error?.value).toMatchObject({ error: { code: 'NO_COINS_ENOUGH' } })
      await socket.waitFor((m) => m.type === 'system' && m.event === 'no_coins_enough')
      expect(await coinsOf(database(), uid)).toBe(0)
      socket.close()
    })
  })

  describe('emoji slots and PRO', () => {
    test('the free tier has 3 slots (full): a 4th is refused; with PRO (trial) up to 7, at 5 coins each', async () => {
      const { token, uid } = await signIn(server(), 'Reactor')
      const start = await server().api.api.init.post(undefined, bearer(token))
      expect(start.data?.data.profile).toMatchObject({
        intercomSlots: ['👍', '🔥', '😮'],
        intercomSlotsCapacity: 3,
      })

      const refused = await call(server(), 'POST', '/api/user/intercom', token, { slotValue: '🎉' })
      expect(refused.status).toBe(409)
      expect(refused.json.error?.code).toBe('NO_INTERCOM_SLOTS')

      // Freeing a slot lets the free tier put another reaction in, for 5 coins.
      const freed = await call(server(), 'DELETE', '/api/user/intercom', token, { slotIndex: 0 })
      expect(freed.json.data?.intercomSlots).toEqual(['🔥', '😮'])
      const added = await call(server(), 'POST', '/api/user/intercom', token, { slotValue: '🎉' })
      expect(added.json.data).toMatchObject({ intercomSlots: ['🔥', '😮', '🎉'], coins: 5 })
      expect(
        (await call(server(), 'POST', '/api/user/intercom', token, { slotValue: '🎉' })).json.error?.code,
      ).toBe('INTERCOM_DUPLICATE')
      expect((await call(server(), 'POST', '/api/user/intercom', token, { slotValue: 'ab' })).status).toBe(
        400,
      )
      expect((await call(server(), 'DELETE', '/api/user/intercom', token, { slotIndex: 7 })).status).toBe(404)

      // PRO: the same action is allowed.
      const trial = await call(server(), 'POST', '/api/subscription/trial', token)
      expect(trial.json.data).toMatchObject({ intercomSlotsCapacity: 7, gameSlotsCapacity: 10 })
      const pro = await call(server(), 'POST', '/api/user/intercom', token, { slotValue: '👨‍👩‍👧' })
      expect(pro.status).toBe(200)
      expect(pro.json.data).toMatchObject({ coins: 0 })
      expect(await coinsOf(database(), uid)).toBe(0)
    })
  })

  describe('subscriptions', () => {
    test('trial: 3 days of PRO, once; cancel keeps it to the end of the period', async () => {
      const { token } = await signIn(server(), 'Subscriber')
      const trial = await call(server(), 'POST', '/api/subscription/trial', token)
      expect(trial.json.data?.subscription).toMatchObject({
        id: 'trial',
        active: true,
        trialAvailable: false,
      })
      expect((await call(server(), 'POST', '/api/subscription/trial', token)).json.error?.code).toBe(
        'TRIAL_USED',
      )

      const cancelled = await call(server(), 'POST', '/api/subscription/cancel', token)
      expect(cancelled.json.data?.subscription).toMatchObject({ id: 'trial', active: true, cancelled: true })
      const during = await server().api.api.init.post(undefined, bearer(token))
      expect(during.data?.data.profile).toMatchObject({
        subscription: { active: true },
        gameSlotsCapacity: 10,
      })

      server().clock.advance(3 * DAY)
      const after = await server().api.api.init.post(
        undefined,
        bearer(during.data?.data.auth.token as string),
      )
      expect(after.data?.data.profile).toMatchObject({
        subscription: { active: false },
        gameSlotsCapacity: 3,
      })
      const token2 = after.data?.data.auth.token as string
      expect((await call(server(), 'POST', '/api/subscription/trial', token2)).json.error?.code).toBe(
        'TRIAL_USED',
      )
      expect((await call(server(), 'POST', '/api/subscription/cancel', token2)).json.error?.code).toBe(
        'NO_SUBSCRIPTION',
      )
    })

    test('devsub: developers only', async () => {
      const someone = await signIn(server(), 'Not A Dev')
      expect((await call(server(), 'POST', '/api/subscription/devsub', someone.token)).status).toBe(403)

      const dev = await tgSignIn(server(), DEV_TG_ID)
      const created = await call(server(), 'POST', '/api/subscription/devsub', dev.token, { id: 'proplus' })
      expect(created.json.data).toMatchObject({
        subscription: { id: 'proplus', active: true },
        gameSlotsCapacity: 30,
      })
      const removed = await call(server(), 'DELETE', '/api/subscription/devsub', dev.token)
      expect(removed.json.data).toMatchObject({ subscription: { active: false }, gameSlotsCapacity: 3 })
    })
  })

  describe('referrals', () => {
    test('an invited user pays both sides once; GET /api/user/referrals lists them', async () => {
      const inviter = await tgSignIn(server(), 770_001)
      const invited = await tgSignIn(server(), 770_002, `ref_${inviter.uid}`)
      // Signing in again (even with the link again) pays nothing more.
      await tgSignIn(server(), 770_002, `ref_${inviter.uid}`)
      expect(await coinsOf(database(), inviter.uid)).toBe(10 + 25)
      expect(await coinsOf(database(), invited.uid)).toBe(10 + 10)

      const list = await server().api.api.user.referrals.get(bearer(inviter.token))
      expect(list.data?.data.items).toEqual([
        expect.objectContaining({ _id: invited.uid, nickname: 'Tg770002', coins: 25 }),
      ])
      expect((await server().api.api.user.referrals.get(bearer(invited.token))).data?.data.items).toEqual([])
    })

    test('a referral link to an unknown user pays nobody', async () => {
      const lonely = await tgSignIn(server(), 770_003, 'ref_000000000000000000000000')
      expect(await coinsOf(database(), lonely.uid)).toBe(10)
    })
  })

  test('every balance equals its ledger', async () => {
    expect(await ledgerMismatches(database())).toEqual([])
  })
})

describe('devsub without DEV=1 [pglite]', () => {
  const { server } = useServer('pglite', { env: { DEV_TG_IDS: String(DEV_TG_ID) } })

  test('does not exist, even for a developer', async () => {
    const dev = await tgSignIn(server(), DEV_TG_ID)
    const res = await call(server(), 'POST', '/api/subscription/devsub', dev.token)
    expect(res.status).toBe(404)
    expect((await call(server(), 'DELETE', '/api/subscription/devsub', dev.token)).status).toBe(404)
  })
})
