/**
 * Timers live in the process and are re-armed from stored timestamps at start (RULES §7): with a
 * movable clock, a restart neither loses a deadline nor gives anyone time. Two players meet through
 * a friend room (create + join over HTTP).
 */
import { expect, test } from 'bun:test'
import { TIME_MODE_CONFIG, TIMING } from '../../engine/index.ts'
import { bearer, describeBoth, restartableServer, signIn } from './harness.ts'
import { fetchGame, waitGame } from './http.ts'

describeBoth('timers after a restart', (db) => {
  const fixture = restartableServer(db)
  const { clock } = fixture
  const start = () => fixture.start()
  const restart = (downtimeMs: number) => fixture.restart(downtimeMs)

  test('start wait, countdown and blitz turn limits continue from the stored times', async () => {
    let s = await start()
    const owner = await signIn(s, `Owner ${db}`)
    const guest = await signIn(s, `Guest ${db}`)
    const room = await s.api.api['waiting-rooms'].post(
      { type: 'blitz', mode: 'friend', lang: 'en', extraParams: { options: { timeMode: 'fastBlitz' } } },
      bearer(owner.token),
    )
    expect(room.data?.data.room).toMatchObject({ mode: 'friend', gameId: null })
    const code = room.data!.data.room.code as string
    const joined = await s.api.api['waiting-rooms'].join.post(
      { roomId: code.toLowerCase() },
      bearer(guest.token),
    )
    expect(joined.data?.data.observe).toBe(false)
    const gameId = joined.data!.data.gameId
    const created = await fetchGame(s, gameId)
    expect(created).toMatchObject({ state: 'new', mode: 'pvp', opponents: [owner.uid, guest.uid], ts: 1 })

    // Down through the start wait and the countdown: both happen at their own times at the start.
    s = await restart(TIMING.startWaitMs + TIMING.countdownMs + 1000)
    const started = await fetchGame(s, gameId)
    expect(started.state).toBe('active')
    expect(started.countdownAt).toBe(created.createdAt + TIMING.startWaitMs)
    expect(started.startedAt).toBe(created.createdAt + TIMING.startWaitMs + TIMING.countdownMs)
    expect(started.turnStartedAt).toBe(started.startedAt)
    expect(started.ts).toBe(2) // one version for what the start applied
    const mover = started.turnAvailable as 0 | 1
    const limitMs = TIME_MODE_CONFIG.fastBlitz.turnLimit * 1000

    // Down for most of the turn: at the start nothing is due, then the re-armed timer forfeits it on time.
    const elapsed = clock.now() - (started.turnStartedAt as number)
    s = await restart(limitMs - elapsed - 2500)
    expect((await fetchGame(s, gameId)).ts).toBe(2)
    const forfeited = await waitGame(s, gameId, (g) => g.ts === 3, 8000)
    expect(forfeited.turnAvailable).toBe(mover === 0 ? 1 : 0)
    expect(forfeited.turnStartedAt).toBe((started.turnStartedAt as number) + limitMs)
    expect(forfeited.players[mover].timeleft).toBe(TIME_MODE_CONFIG.fastBlitz.total - limitMs / 1000)

    // Down past the next player's limit: the start applies the forfeit at its due time, not at the restart.
    s = await restart(limitMs + 5000)
    const late = await fetchGame(s, gameId)
    expect(late.ts).toBe(4)
    expect(late.turnAvailable).toBe(mover)
    expect(late.turnStartedAt).toBe((forfeited.turnStartedAt as number) + limitMs)
    expect(late.players[1 - mover].timeleft).toBe(TIME_MODE_CONFIG.fastBlitz.total - limitMs / 1000)
  }, 60_000)
})
