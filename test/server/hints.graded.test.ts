/**
 * Graded hints over the socket: area, then first letter, then the word, each paid from the score
 * at its own price, recorded as hint events with their grade; a hint without a grade is the word,
 * as PROTOCOL.md's game/hint always was.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { GameView, HistoryEvent } from '../../engine/index.ts'
import { historyOf } from '../../src/games/repo.ts'
import { useServer } from './clients.ts'
import { SERVER_TEST_TIMEOUT_MS } from './harness.ts'
import { storeKnownPvp } from './known-board.ts'

setDefaultTimeout(SERVER_TEST_TIMEOUT_MS)

describe('graded hints', () => {
  const s = useServer('pglite')
  /** A started game with hints on, side 0 to move with 40 points to spend on them. */
  const hintedGame = (a: string, b: string) =>
    storeKnownPvp(s.server(), [a, b], {
      options: { hintsOn: true },
      shape: (g) => {
        g.players[0].score = 40
      },
    })

  test('area → letter → word: one word, rising prices, events with their grade, a playable word', async () => {
    const a = await s.player('Stepper')
    const b = await s.player('Watcher')
    const gameId = await hintedGame(a.uid, b.uid)
    const hint = (payload: Record<string, unknown>) => a.socket.request('game/hint', { gameId, ...payload })

    const area = await hint({ cost: 3, grade: 'area' })
    if (!area.success) throw new Error(area.error.code)
    const areaCells = (area.data as { cellIds: number[] }).cellIds
    expect(area.data).toEqual({
      cellIds: [...areaCells].sort((x, y) => x - y),
      grade: 'area',
      cost: 3,
      prices: { area: null, letter: 6, word: 10 },
    })
    // The grade already bought, and a stale price, are refused.
    expect(await hint({ cost: 3, grade: 'area' })).toMatchObject({
      success: false,
      error: { code: 'BAD_REQUEST' },
    })
    expect(await hint({ cost: 20, grade: 'word' })).toMatchObject({
      success: false,
      error: { code: 'BAD_REQUEST' },
    })

    const letter = await hint({ cost: 6, grade: 'letter' })
    if (!letter.success) throw new Error(letter.error.code)
    const { firstCellId } = letter.data as { firstCellId: number }
    expect(letter.data).toMatchObject({ cellIds: areaCells, grade: 'letter', cost: 6 })
    expect(areaCells).toContain(firstCellId)

    const word = await hint({ cost: 10 }) // no grade: the word
    if (!word.success) throw new Error(word.error.code)
    const path = (word.data as { cellIds: number[] }).cellIds
    expect(word.data).toMatchObject({ grade: 'word', cost: 10, prices: { area: 6, letter: 12, word: 20 } })
    expect([...path].sort((x, y) => x - y)).toEqual(areaCells)
    expect(path[0]).toBe(firstCellId)

    const view: GameView = (await s.get(`/api/games/${gameId}`)).body.data
    expect(view.players[0]).toMatchObject({ score: 40 - 3 - 6 - 10, hintsUsed: 1 })
    expect(view).not.toHaveProperty('hints')
    const events = (await historyOf(s.server().core.db, gameId))
      .flatMap((h) => h.events)
      .filter((e): e is Extract<HistoryEvent, { type: 'hint' }> => e.type === 'hint')
    expect(events.map((e) => [e.grade, e.cost])).toEqual([
      ['area', 3],
      ['letter', 6],
      ['word', 10],
    ])
    expect(await a.socket.request('game/turn', { gameId, cellIds: path })).toMatchObject({ success: true })
  })
  test('a hint is private: the opponent and observers learn it was bought, never its cells', async () => {
    const a = await s.player('Secretive')
    const b = await s.player('Curious')
    const watcher = await s.player('Onlooker')
    const gameId = await hintedGame(a.uid, b.uid)
    expect((await watcher.socket.request('game/observe', { gameId })).success).toBe(true)
    const word = await a.socket.request('game/hint', { gameId, cost: 10 })
    if (!word.success) throw new Error(word.error.code)
    const path = (word.data as { cellIds: number[] }).cellIds
    expect(path.length).toBeGreaterThan(0)

    const hintSeenBy = async (client: typeof a) => {
      const m = await client.socket.waitFor(
        (m) =>
          m.type === 'game' && m.event === 'events' && (m.payload as { gameId: string }).gameId === gameId,
        5000,
      )
      return (m.payload as { events: HistoryEvent[] }).events.find((e) => e.type === 'hint')
    }
    expect(await hintSeenBy(a)).toMatchObject({ type: 'hint', side: 0, cellIds: path, grade: 'word' })
    for (const other of [b, watcher])
      expect(await hintSeenBy(other)).toEqual({ type: 'hint', side: 0, cellIds: [], grade: 'word', cost: 10 })
  })
})
