/**
 * The tutorial over the real socket: a new player starts it, plays the mentor on the fixed board
 * to a win with words the move generator finds (using a hint and checking a booster on the way),
 * hears the mentor's lessons, and is rewarded once; a replay pays nothing.
 */
import { expect, test } from 'bun:test'
import { wordPicker } from '../../bench/lib/client-move.ts'
import {
  COINS,
  type HistoryEvent,
  levelForXp,
  MENTOR_ID,
  MENTOR_SCRIPT,
  TUTORIAL_BOARDS,
  TUTORIAL_SLIDES,
  XP,
} from '../../engine/index.ts'
import type { TutorialStatus } from '../../src/tutorial/service.ts'
import { ledgerMismatches, ledgerOf } from '../economy/ledger.ts'
import { useServer } from './clients.ts'
import { GameMirror, passCountdown } from './game-mirror.ts'
import { describeServer, signIn, type TestServer, testDictionaries } from './harness.ts'
import { call, startGameBy } from './http.ts'
import { type Received, TestSocket } from './ws-client.ts'

const startTutorial = (server: TestServer, socket: TestSocket, token: string) =>
  startGameBy(server, socket, token, '/api/tutorial/start', { lang: 'en' })

const lessonsOf = (mirror: GameMirror) =>
  mirror
    .eventsOf('intercom')
    .map((e) => e.event as Extract<HistoryEvent, { type: 'intercom' }>)
    .filter((e) => e.from === 1)
    .map((e) => e.message)

/** Plays the player's side with strong words until the game is over; uses one hint and checks a freeze. */
async function playToTheEnd(socket: TestSocket, mirror: GameMirror, gameId: string) {
  const words = wordPicker(testDictionaries().get('en', 'default')!)
  const tried = { hint: false, booster: false }
  await socket.request('game/ready', { gameId })
  for (let turns = 0; ; turns++) {
    expect(turns).toBeLessThan(80)
    const view = await mirror.waitUntil((v) => v.state === 'over' || v.turnAvailable === 0, 15_000, 'my turn')
    if (view.state === 'over') return view
    const me = view.players[0]
    if (!tried.hint && me.score >= 10) {
      tried.hint = true
      const hint = await socket.request('game/hint', { gameId, cost: 10 })
      expect(hint).toMatchObject({ success: true, data: { cellIds: expect.any(Array) } })
      await mirror.waitTs(view.ts + 1)
      continue
    }
    if (!tried.booster && me.score >= 20) {
      tried.booster = true
      const target = view.board.cells.find((c) => c.owner === 1 && !c.is_base) ?? view.board.cells[24]
      const check = await socket.request('game/booster', { gameId, boosterId: 'freeze', cellId: target.id })
      expect(check).toEqual({ success: true, data: { cost: 20 } })
    }
    const decision = words.best(view, 0)
    if (!decision) throw new Error('the player has no word against the mentor')
    const ack = await socket.request('game/turn', { gameId, cellIds: decision.cellIds })
    expect(ack).toMatchObject({ success: true, data: { word: decision.word } })
    await mirror.waitTs(view.ts + 1)
  }
}

describeServer('tutorial', (db) => {
  const { server } = useServer(db, { env: { COMPUTER_DELAY_MS: '5-15' } })

  test('played start to finish over the socket; the reward comes once, a replay pays nothing', async () => {
    const { token, uid } = await signIn(server(), `Pupil ${db}`)
    const socket = await TestSocket.connect(server().wsUrl, token)
    const fresh = await server().core.users.get(uid)
    expect(fresh).toMatchObject({ level: 0, xp: 0, coins: COINS.initial, isTutorialAvailable: true })

    const status = await call<TutorialStatus>(server(), '/api/tutorial', { token })
    expect(status.body.data).toEqual({
      passed: false,
      passedAt: null,
      rewardAvailable: true,
      isTutorialAvailable: true,
      reward: { coins: COINS.tutorial, xp: XP.tutorial },
      gameId: null,
      slides: TUTORIAL_SLIDES,
    })

    const first = await startTutorial(server(), socket, token)
    expect(first.resumed).toBe(false)
    expect(first.game).toMatchObject({
      mode: 'pve',
      lang: 'en',
      state: 'new',
      opponents: [uid, MENTOR_ID],
      ready: [false, true],
      options: { hintsOn: true, boostersOn: true, boardType: 'easy', timeMode: 'classic', boardSize: 5 },
    })
    expect(first.game.players[1].user).toEqual({ id: MENTOR_ID, name: 'Mentor', avatar: null })
    expect(first.game.board.cells.map((c) => c.letter).join('')).toBe(TUTORIAL_BOARDS.en.join(''))
    // One tutorial at a time: starting again answers the one in play; it is free and needs no slot.
    expect(await startTutorial(server(), socket, token)).toMatchObject({
      gameId: first.gameId,
      resumed: true,
    })
    expect((await call<TutorialStatus>(server(), '/api/tutorial', { token })).body.data.gameId).toBe(
      first.gameId,
    )
    expect((await server().core.users.get(uid))?.coins).toBe(COINS.initial)

    const mirror = new GameMirror(socket, first.game)
    const end = await playToTheEnd(socket, mirror, first.gameId)
    expect(end).toMatchObject({ state: 'over', winner: 0 })
    // The mentor played its script first, and taught as the game went.
    const mentorWords = mirror
      .eventsOf('turn')
      .map((e) => e.event as Extract<HistoryEvent, { type: 'turn' }>)
      .filter((e) => e.side === 1)
      .map((e) => e.word)
    expect(mentorWords[0]).toBe(MENTOR_SCRIPT.en[0].word)
    const lessons = lessonsOf(mirror)
    for (const lesson of ['select', 'capture', 'availability', 'base', 'hint', 'booster', 'win'])
      expect(lessons).toContain(`tutorial.mentor.${lesson}`)
    expect(lessons.at(-1)).toBe('tutorial.mentor.win')
    expect(new Set(lessons).size).toBe(lessons.length)
    // The lesson of the start arrives in the version that starts the game.
    const start = mirror.eventsOf('start')[0]
    expect(mirror.events.filter((e) => e.ts === start.ts).map((e) => e.event)).toContainEqual({
      type: 'intercom',
      from: 1,
      message: 'tutorial.mentor.select',
    })

    const passed = await server().core.users.get(uid)
    const xp = XP.tutorial
    expect(passed).toMatchObject({
      coins: COINS.initial + COINS.tutorial,
      xp,
      level: levelForXp(xp),
      isTutorialAvailable: false,
    })
    expect(passed?.tutorialPassedAt).toBe(end.finishedAt)
    // Not a rated game nor a game of the stats: the tutorial has its own reward.
    expect(passed?.eloPve).toBe(fresh?.eloPve)
    expect(passed?.stats.gamesPlayed).toBe(0)
    const update = (await socket.waitFor(
      (m: Received) =>
        m.type === 'user' && m.event === 'update' && (m.payload as { data: { xp?: number } }).data.xp === xp,
    )) as Received
    expect((update.payload as { data: Record<string, unknown> }).data).toEqual({
      xp,
      level: levelForXp(xp),
      isTutorialAvailable: false,
      coins: COINS.initial + COINS.tutorial,
    })

    // A replay from the tutor page: a new game, won again, and no second reward.
    const replay = await startTutorial(server(), socket, token)
    expect(replay.resumed).toBe(false)
    expect(replay.gameId).not.toBe(first.gameId)
    const again = await playToTheEnd(socket, new GameMirror(socket, replay.game), replay.gameId)
    expect(again).toMatchObject({ state: 'over', winner: 0 })
    await Bun.sleep(100)
    expect(await server().core.users.get(uid)).toMatchObject({
      coins: COINS.initial + COINS.tutorial,
      xp,
      tutorialPassedAt: end.finishedAt,
    })
    const ledger = await ledgerOf(server().core.db, uid)
    expect(ledger.filter((row) => row.reason === 'tutorial')).toEqual([
      { delta: COINS.tutorial, reason: 'tutorial', reference: 'tutorial' },
    ])
    expect(await ledgerMismatches(server().core.db)).toEqual([])
    expect((await call<TutorialStatus>(server(), '/api/tutorial', { token })).body.data).toMatchObject({
      passed: true,
      passedAt: end.finishedAt,
      rewardAvailable: false,
      isTutorialAvailable: false,
      gameId: null,
    })
    await socket.close()
  }, 90_000)

  test('giving up ends the lesson without a reward; the mentor says to try again', async () => {
    const { token, uid } = await signIn(server(), `Quitter ${db}`)
    const socket = await TestSocket.connect(server().wsUrl, token)
    const { gameId, game } = await startTutorial(server(), socket, token)
    const mirror = new GameMirror(socket, game)
    await socket.request('game/ready', { gameId })
    await passCountdown(server().clock, mirror)
    expect(await socket.request('game/giveup', { gameId })).toEqual({ success: true, data: {} })
    await mirror.waitUntil((v) => v.state === 'over', 5_000, 'the end')
    expect(lessonsOf(mirror).at(-1)).toBe('tutorial.mentor.again')
    expect(await server().core.users.get(uid)).toMatchObject({
      coins: COINS.initial,
      xp: 0,
      tutorialPassedAt: null,
      isTutorialAvailable: true,
    })
    expect((await call(server(), '/api/tutorial/start', { token, body: { lang: 'xx' } })).status).toBe(400)
    await socket.close()
  }, 30_000)
})
