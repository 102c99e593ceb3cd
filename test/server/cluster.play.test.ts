/**
 * Three processes of one deployment: the arena pairs players queued on different processes, each
 * exactly once; a game against the computer whose owner dies while the computer is to move gets
 * that move exactly once from the process that takes it over.
 */
import { expect, test } from 'bun:test'
import postgres from 'postgres'
import { DAILY, type GameView, type PlayedMove } from '../../engine/index.ts'
import { ask, clusterSuite, dailyLangs, playOn, type Seat } from './cluster.ts'
import { GameMirror } from './game-mirror.ts'

const suite = clusterSuite(3, { env: { COMPUTER_DELAY_MS: '300-600' }, together: true })

test('three processes starting together on a new database: migrated once, the dailies made once', async () => {
  // Made in the background after "started": wait until some process said each language's are made.
  const made = (lang: string) => (r: Record<string, unknown>) => r.msg === 'dailies made' && r.lang === lang
  await Promise.all(
    dailyLangs().map((lang) => Promise.any(suite().nodes.map((n) => n.proc.waitFor(made(lang))))),
  )
  const sql = postgres(suite().databaseUrl, { max: 1, onnotice: () => {} })
  try {
    const migrations = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`
    const journal = (await Bun.file(`${import.meta.dir}/../../drizzle/meta/_journal.json`).json()) as {
      entries: unknown[]
    }
    expect(migrations[0].n).toBe(journal.entries.length)
    const dailies = await sql`select day, lang, count(*)::int as n from dailies group by day, lang`
    expect(dailies.length).toBeGreaterThan(0)
    for (const row of dailies) expect(row.n).toBe(DAILY.keys.length)
    // Each daily's id is its own: one row per day, language and key.
    const [{ n }] = await sql`select count(distinct id)::int as n from dailies`
    expect(n).toBe(dailies.reduce((sum, r) => sum + Number(r.n), 0))
  } finally {
    await sql.end({ timeout: 5 })
  }
})

test('the arena pairs players queued on three processes, nobody twice', async () => {
  const players = await Promise.all(
    Array.from({ length: 6 }, async (_, i) => {
      const node = suite().nodes[i % 3]
      const user = await suite().signIn(node, `Arena Cl ${i}`)
      return { node, user, socket: await suite().connect(node, user.token) }
    }),
  )
  const queued = await Promise.all(
    players.map((p) =>
      suite().call(p.node, '/api/waiting-rooms', p.user.token, {
        type: 'classic',
        mode: 'randomPlayer',
        lang: 'en',
      }),
    ),
  )
  for (const q of queued) expect(q.status).toBe(200)
  const games = new Map<string, string[]>()
  for (const p of players) {
    const created = ((await p.socket.event('game/created', 10_000)).payload as { game: GameView }).game
    expect(created.opponents).toContain(p.user.uid)
    games.set(created.id, created.opponents)
  }
  expect(games.size).toBe(3)
  const everyone = [...games.values()].flat()
  expect(new Set(everyone).size).toBe(6)
  // Nobody was told of a second game, and each has one game in the store.
  await Bun.sleep(1500)
  for (const p of players) {
    expect(p.socket.received.filter((m) => m.type === 'game' && m.event === 'created')).toHaveLength(1)
    const listed = (await suite().call(p.node, '/api/games', p.user.token)).body.data.games as GameView[]
    expect(listed.filter((g) => g.state !== 'over' && g.state !== 'expired')).toHaveLength(1)
  }
  // Two alone in the queue, on different processes, waiting at different times: paired together.
  const [n0, n1, n2] = suite().nodes
  const early = await suite().signIn(n0, 'Arena Early')
  const late = await suite().signIn(n1, 'Arena Late')
  const se = await suite().connect(n0, early.token)
  const sl = await suite().connect(n1, late.token)
  // A home screen on the third process: its lobby counts follow the queue changed on n0.
  const onlooker = await suite().signIn(n2, 'Arena Onlooker')
  const so = await suite().connect(n2, onlooker.token)
  const arena = { type: 'classic', mode: 'randomPlayer', lang: 'en' }
  expect((await suite().call(n0, '/api/waiting-rooms', early.token, arena)).status).toBe(200)
  await so.waitFor(
    (m) =>
      m.event === 'pvpMonitor' &&
      (m.payload as { counts: { classic: { en: number } } }).counts.classic.en === 1,
    5000,
  )
  await Bun.sleep(1200)
  expect(se.received.filter((m) => m.event === 'created')).toHaveLength(0)
  expect((await suite().call(n1, '/api/waiting-rooms', late.token, arena)).status).toBe(200)
  for (const s of [se, sl]) {
    const created = ((await s.event('game/created', 10_000)).payload as { game: GameView }).game
    expect([...created.opponents].sort()).toEqual([early.uid, late.uid].sort())
  }
})

test('the computer moves exactly once per turn, also across the death of the owner', async () => {
  const [, n1, n2] = suite().nodes
  const me = await suite().signIn(n1, 'Versus Computer')
  const socket = await suite().connect(n1, me.token)
  // Made over n2's API: n2 plays the game (and the computer's moves); our socket is on n1.
  const made = await suite().call(n2, '/api/waiting-rooms', me.token, {
    type: 'classic',
    mode: 'computer',
    lang: 'en',
    extraParams: { level: 'easy' },
  })
  expect(made.status).toBe(200)
  const gameId = made.body.data.room.gameId as string
  const created = await socket.waitFor(
    (m) => m.type === 'game' && m.event === 'created' && (m.payload as { game: GameView }).game.id === gameId,
  )
  const mirror = new GameMirror(socket, (created.payload as { game: GameView }).game)
  expect((await ask(socket, 'game/ready', { gameId })).success).toBe(true)
  await mirror.waitUntil((v) => v.state === 'active', 8000, 'the start')

  // The computer is side 1: our side's mirror serves both seats, our moves only ever on side 0.
  const seats = (): [Seat, Seat] => [
    { socket, mirror },
    { socket, mirror },
  ]
  const playOurs = async (turns: number) => {
    let played = 0
    while (played < turns) {
      const view = await mirror.waitUntil(
        (v) => v.state !== 'active' || v.turnAvailable === 0,
        20_000,
        'our turn',
      )
      if (view.state !== 'active') return played
      const r = await playOn(gameId, seats, { stopAfter: 1 })
      if (r.turns === 0) return played
      played++
    }
    return played
  }
  expect(await playOurs(2)).toBe(2)
  // Our turn acked: the computer (on n2) is to move. n2 dies before or while it thinks.
  await mirror.waitTs(mirror.view.ts)
  n2.proc.child.kill('SIGKILL')
  await n2.proc.child.exited
  await playOurs(3)
  const view = await mirror.waitUntil(
    (v) => v.state !== 'active' || v.turnAvailable === 0,
    20_000,
    'our turn',
  )

  const moves = (await suite().call(n1, `/api/games/${gameId}/moves`, null)).body.data.moves as PlayedMove[]
  const turns = moves.filter((m) => m.kind === 'turn')
  expect(turns.filter((m) => m.side === 1).length).toBeGreaterThanOrEqual(3)
  // Strictly alternating, one version each: the computer never moved twice for one turn.
  for (let i = 1; i < moves.length; i++) {
    expect(moves[i].side).not.toBe(moves[i - 1].side)
    expect(moves[i].ts).toBeGreaterThan(moves[i - 1].ts)
  }
  expect(await suite().view(n1, gameId)).toEqual(view)
})
