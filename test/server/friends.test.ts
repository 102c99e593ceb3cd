/**
 * Friend rooms and profiles on the real server: a room joined by its code and by its secret word
 * (PRO only), a room that dies without pings, achievements shown only with PRO, presence of the
 * people one follows, and the inviter hearing of the coins an invited friend brought.
 */
import { expect, test } from 'bun:test'
import { COINS, type GameView } from '../../engine/index.ts'
import { useServer } from './clients.ts'
import { describeServer } from './harness.ts'
import { signInitData } from './telegram.ts'
import type { Received } from './ws-client.ts'

describeServer('friends and profiles', (db) => {
  const fixture = useServer(db)
  const { player, post } = fixture
  const friendRoom = (token: string, secret?: string) =>
    post('/api/waiting-rooms', token, {
      type: 'classic',
      mode: 'friend',
      lang: 'en',
      ...(secret ? { secret } : {}),
    })
  const createdGame = (m: Received) => (m.payload as { game: GameView }).game

  test('joined by code and by secret word; the secret needs PRO; a room without pings dies', async () => {
    const server = fixture.server()
    const owner = await player('Host')
    const guest = await player('Friend')

    const open = await friendRoom(owner.token)
    const room = open.body.data.room
    expect(room).toMatchObject({
      mode: 'friend',
      isPrivate: false,
      gameId: null,
      startParam: `room_${room.code}`,
    })
    expect(room.code).toMatch(/^[A-Z2-9]{6}$/)
    expect(room.link).toEndWith(`/?room=${room.code}`)
    const byCode = await post('/api/waiting-rooms/join', guest.token, { roomId: room.code.toLowerCase() })
    expect(byCode.body.data).toEqual({ gameId: room.roomId, observe: false })
    for (const s of [owner.socket, guest.socket])
      expect(createdGame(await s.event('game/created'))).toMatchObject({
        id: room.roomId,
        mode: 'pvp',
        isPrivate: false,
        opponents: [owner.uid, guest.uid],
      })

    // Over at once (a surrender); a rematch offered and declined ends the offers of that game.
    expect((await guest.socket.request('game/giveup', { gameId: room.roomId })).success).toBe(true)
    expect(await owner.socket.request('game/rematch', { gameId: room.roomId })).toEqual({
      success: true,
      data: { gameId: null },
    })
    expect(await guest.socket.request('game/rematchDecline', { gameId: room.roomId })).toEqual({
      success: true,
      data: {},
    })
    const declined = await owner.socket.waitFor(
      (m) => m.event === 'rematch' && (m.payload as { declined: boolean }).declined,
    )
    expect(declined.payload).toEqual({ gameId: room.roomId, offers: [false, false], declined: true })
    expect(await owner.socket.request('game/rematch', { gameId: room.roomId })).toMatchObject({
      success: false,
      error: { code: 'BAD_REQUEST' },
    })

    // A secret word makes a private room: PRO only (403 with a plain profile), joined by the word.
    expect(await friendRoom(owner.token, 'swordfish')).toMatchObject({
      status: 403,
      body: { error: { code: 'FORBIDDEN' } },
    })
    expect((await post('/api/subscription/trial', owner.token, {})).status).toBe(200)
    const secret = (await friendRoom(owner.token, 'Swordfish-42')).body.data.room
    expect(secret).toMatchObject({ isPrivate: true })
    expect((await post('/api/waiting-rooms/join', guest.token, { roomId: 'swordfish-42' })).status).toBe(404)
    const bySecret = await post('/api/waiting-rooms/join', guest.token, { roomId: 'Swordfish-42' })
    expect(bySecret.body.data).toEqual({ gameId: secret.roomId, observe: false })
    const privateGame = await guest.socket.waitFor(
      (m) => m.event === 'created' && createdGame(m).id === secret.roomId,
    )
    expect(createdGame(privateGame)).toMatchObject({ isPrivate: true, opponents: [owner.uid, guest.uid] })
    // Both paid their coin for each game, and no rematch was played.
    expect((await post('/api/init', guest.token, {})).body.data.profile.coins).toBe(COINS.initial - 2)

    // Pings keep a room; 30 s without one and it is gone for joining and for pinging.
    const third = await player('Latecomer')
    const later = (await friendRoom(owner.token)).body.data.room
    server.clock.advance(20_000)
    expect((await post('/api/waiting-rooms/ping', owner.token, { roomId: later.roomId })).status).toBe(200)
    server.clock.advance(20_000)
    expect((await post('/api/waiting-rooms/ping', owner.token, { roomId: later.roomId })).status).toBe(200)
    server.clock.advance(31_000)
    expect((await post('/api/waiting-rooms/ping', owner.token, { roomId: later.roomId })).status).toBe(404)
    for (const ref of [later.code, later.roomId])
      expect(await post('/api/waiting-rooms/join', third.token, { roomId: ref })).toMatchObject({
        status: 404,
        body: { error: { code: 'NOT_FOUND' } },
      })
    expect(third.socket.received.filter((m) => m.event === 'created')).toEqual([])
  }, 60_000)

  test('achievements are shown for a PRO owner only; presence follows; the inviter hears of the invite coins', async () => {
    const server = fixture.server()
    const plain = await player('Plain')
    const publicProfile = async (uid: string) =>
      (await fetch(`${server.url}/api/user/${uid}`).then((r) => r.json())).data.profile
    expect((await publicProfile(plain.uid)).achievements).toBeNull()
    expect((await post('/api/init', plain.token, {})).body.data.profile.achievements).toBeNull()
    expect((await post('/api/subscription/trial', plain.token, {})).status).toBe(200)
    const pro = await publicProfile(plain.uid)
    expect(pro.isPro).toBe(true)
    expect(pro.achievements.gamesPlayed).toEqual({ level: 0, next: 1, value: 0 })
    expect(Object.keys(pro.achievements).sort()).toEqual(
      [
        'consecutiveLosses',
        'consecutiveWins',
        'enemyCellsCaptured',
        'gamesPlayed',
        'lettersPlayed',
        'scoreReached',
        'winsByGiveups',
      ].sort(),
    )

    // Presence: a follower hears the user go away, come back and leave.
    const follower = await player('Follower')
    expect(await follower.socket.request('user/presenceSubscribe', { uids: [plain.uid] })).toEqual({
      success: true,
    })
    await follower.socket.waitFor((m) => m.event === 'update' && m.type === 'presence')
    const presence = (value: 0 | 1) =>
      follower.socket.waitForNext(
        (m) => m.type === 'presence' && (m.payload as Record<string, number>)[plain.uid] === value,
      )
    const away = presence(0)
    plain.socket.send('user/presenceOffline', {})
    await away
    const back = presence(1)
    plain.socket.send('user/presenceResume', {})
    await back
    const left = presence(0)
    await plain.socket.close()
    await left

    // A Telegram user invited by `follower`: both are paid, and the inviter's socket hears it.
    const data = signInitData(
      { id: 830001, first_name: `Invited ${db}` },
      { startParam: `ref_${follower.uid}` },
    )
    const res = await fetch(`${server.url}/api/init`, {
      method: 'POST',
      headers: { 'x-telegram-init-data': data },
    })
    expect((await res.json()).data.profile.coins).toBe(COINS.initial + COINS.invitee)
    const update = await follower.socket.waitFor((m) => m.type === 'user' && m.event === 'update')
    expect(update.payload).toMatchObject({ data: { coins: COINS.initial + COINS.inviter } })
  }, 60_000)
})
