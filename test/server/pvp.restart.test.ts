/**
 * The process dies (SIGKILL) in the middle of a game between two people and starts again on the
 * same database: every acknowledged turn is there, the versions go on without a gap, the game is
 * played to its end and settled; a friend room and a waiting arena player from before the kill
 * are still there (joined by code, paired with a newcomer).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { type GameView, RATING } from '../../engine/index.ts'
import { GameMirror } from './game-mirror.ts'
import { describeBoth, prepareDatabase, type Scratch } from './harness.ts'
import { type ServerProcess, startMain } from './process.ts'
import { playPvp } from './pvp-play.ts'
import { TestSocket } from './ws-client.ts'

const SECRET = 'pvp-restart-secret-value-0123456789'

describeBoth('a game between two people survives SIGKILL', (db) => {
  let scratch: Scratch
  const running: ServerProcess[] = []
  const sockets: TestSocket[] = []
  beforeAll(async () => {
    scratch = await prepareDatabase(db)
  }, 60_000)
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()))
    for (const p of running) p.child.kill('SIGKILL')
    await scratch.dispose()
  })

  const start = async () => {
    const proc = await startMain({
      JWT_SECRET: SECRET,
      ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : { DATA_DIR: scratch.dataDir }),
    })
    running.push(proc)
    return { proc, url: `http://127.0.0.1:${proc.port}`, ws: `ws://127.0.0.1:${proc.port}/ws` }
  }

  test('acknowledged turns, rooms and the arena queue survive; the game ends and is settled', async () => {
    let server = await start()
    const call = async (path: string, token: string | null, body?: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      return { status: res.status, body: await res.json() }
    }
    const signIn = async (name: string) =>
      (await call('/api/auth/signin', null, { nickname: `${name} ${db}` })).body.data.auth
    const connect = async (token: string) => {
      const s = await TestSocket.connect(server.ws, token)
      sockets.push(s)
      return s
    }
    const arena = (token: string) =>
      call('/api/waiting-rooms', token, { type: 'classic', mode: 'randomPlayer', lang: 'en' })

    const [a, b, host, waiter, guest, newcomer] = await Promise.all(
      ['Kill A', 'Kill B', 'Kill Host', 'Kill Waiter', 'Kill Guest', 'Kill New'].map(signIn),
    )
    let sa = await connect(a.token)
    let sb = await connect(b.token)
    expect((await arena(a.token)).status).toBe(200)
    expect((await arena(b.token)).status).toBe(200)
    const start0 = ((await sa.event('game/created')).payload as { game: GameView }).game
    const gameId = start0.id
    expect(start0.opponents).toEqual([a.uid, b.uid])

    // Before the kill: a friend room waiting for its guest, a player waiting in the arena.
    const room = (
      await call('/api/waiting-rooms', host.token, { type: 'classic', mode: 'friend', lang: 'en' })
    ).body.data.room
    const waiting = (await arena(waiter.token)).body.data.room
    expect(waiting).toMatchObject({ mode: 'randomPlayer', gameId: null })

    let ma = new GameMirror(sa, start0)
    let mb = new GameMirror(sb, start0)
    expect((await sa.request('game/ready', { gameId })).success).toBe(true)
    expect((await sb.request('game/ready', { gameId })).success).toBe(true)
    await ma.waitUntil((v) => v.state === 'active', 6000, 'the start')
    const first = await playPvp(
      gameId,
      [
        { socket: sa, mirror: ma },
        { socket: sb, mirror: mb },
      ],
      { stopAfter: 6 },
    )
    expect(first.turns).toBe(6)
    const atKill = structuredClone(await mb.waitTs(ma.view.ts))
    expect(atKill.state).toBe('active')

    server.proc.child.kill('SIGKILL')
    expect(await server.proc.child.exited).not.toBe(0)
    await Promise.all([sa.close(), sb.close()])
    server = await start()

    // Every acknowledged version is there, and nothing else happened meanwhile.
    const after = (await call(`/api/games/${gameId}`, null)).body.data as GameView
    expect(after).toEqual(atKill)
    expect(after.wordsUsed).toHaveLength(6)
    for (const word of [...first.words[0], ...first.words[1]]) expect(after.wordsUsed).toContain(word)

    // The friend room: still joinable by its code. The arena player: paired with a newcomer.
    const joined = await call('/api/waiting-rooms/join', guest.token, { roomId: room.code })
    expect(joined.body.data).toEqual({ gameId: room.roomId, observe: false })
    const sw = await connect(waiter.token)
    const sn = await connect(newcomer.token)
    expect((await arena(newcomer.token)).status).toBe(200)
    for (const s of [sw, sn]) {
      const created = ((await s.event('game/created', 5000)).payload as { game: GameView }).game
      expect(created.opponents).toEqual([waiter.uid, newcomer.uid])
    }

    // The game goes on from the stored version to its end, and is settled.
    sa = await connect(a.token)
    sb = await connect(b.token)
    ma = new GameMirror(sa, after)
    mb = new GameMirror(sb, after)
    const rest = await playPvp(gameId, [
      { socket: sa, mirror: ma },
      { socket: sb, mirror: mb },
    ])
    expect(rest.turns).toBeGreaterThan(0)
    const final = await ma.waitUntil((v) => v.state === 'over', 10_000, 'the end')
    expect((await call(`/api/games/${gameId}`, null)).body.data).toEqual(final)
    expect(final.wordsUsed.slice(0, after.wordsUsed.length)).toEqual(after.wordsUsed)
    const winner = final.winner as 0 | 1
    const uids = [a.uid, b.uid]
    for (const side of [0, 1] as const) {
      const profile = (await call(`/api/user/${uids[side]}`, null)).body.data.profile
      expect(profile.eloPvp).toBe(RATING.initial + (side === winner ? 16 : -16))
      expect(profile.stats.gamesPlayed).toBe(1)
      expect(profile.stats.wordsPlayed).toBe(first.words[side].length + rest.words[side].length)
    }

    server.proc.child.kill('SIGTERM')
    expect(await server.proc.child.exited).toBe(0)
  }, 120_000)
})
