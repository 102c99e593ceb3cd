/**
 * Missing-word reports: a player reports a word the game refused, developers see the queue and
 * accept or reject it; an accepted word is playable at once and after a restart (the overlay is
 * loaded from the database at start).
 */
import { describe, expect, test } from 'bun:test'
import { ALPHABETS, type Board, boardFromLetters, isUsableBy, neighbourTable } from '../../engine/index.ts'
import { listMoves } from '../../engine/server.ts'
import { createOverlay, withOverlay } from '../../src/reports/overlay.ts'
import { tgSignIn } from '../telegram/setup.ts'
import { describeServer, restartableServer, signIn, type TestServer, testDictionaries } from './harness.ts'
import { call } from './http.ts'
import { KNOWN_LETTERS, storeKnownPvp } from './known-board.ts'
import { TestSocket } from './ws-client.ts'

const DEV_TG_ID = 990_777
const ENV = { DEV_TG_IDS: String(DEV_TG_ID) }

/** Paths side 0 may play on the known board whose letters are not a word of the `default` list. */
function nonWordPaths(count: number): { word: string; cellIds: number[] }[] {
  const dict = testDictionaries().get('en', 'default')!
  const board: Board = boardFromLetters(KNOWN_LETTERS, 5)
  const table = neighbourTable(5)
  const out: { word: string; cellIds: number[] }[] = []
  const seen = new Set<string>()
  const walk = (path: number[]) => {
    if (out.length >= count) return
    const word = path.map((id) => board.cells[id].letter).join('')
    if (
      path.length === 4 &&
      path.some((id) => board.cells[id].owner !== 0) &&
      !dict.has(word) &&
      !seen.has(word)
    ) {
      seen.add(word)
      out.push({ word, cellIds: [...path] })
      return
    }
    if (path.length === 4) return
    for (const n of table[path.at(-1)!]) {
      if (path.includes(n) || !isUsableBy(board.cells[n], 0)) continue
      walk([...path, n])
    }
  }
  for (const c of board.cells) if (isUsableBy(c, 0)) walk([c.id])
  return out
}

describeServer('missing-word reports', (db) => {
  const servers = restartableServer(db)
  let server: TestServer

  const report = (token: string, gameId: string, word: string) =>
    call(server, '/api/reports/words', { token, body: { gameId, word } })

  test('report → developer queue → accept: playable at once, and after a restart', async () => {
    server = await servers.start(ENV)
    const a = await signIn(server, `Reporter ${db}`)
    const b = await signIn(server, `Opponent ${db}`)
    const outsider = await signIn(server, `Outsider ${db}`)
    const dev = await tgSignIn(server, DEV_TG_ID)
    const gameId = await storeKnownPvp(server, [a.uid, b.uid])
    const [missing, refused] = nonWordPaths(2)

    // The game refuses the word; its player reports it (folded to lower case).
    const socket = await TestSocket.connect(server.wsUrl, a.token)
    expect(await socket.request('game/turn', { gameId, cellIds: missing.cellIds })).toMatchObject({
      success: false,
      error: { code: 'WORD_DOES_NOT_EXIST' },
    })
    const sent = await report(a.token, gameId, missing.word.toUpperCase())
    expect(sent.status).toBe(200)
    expect(sent.body.data).toMatchObject({ report: { word: missing.word, lang: 'en', status: 'pending' } })
    const id = (sent.body.data as { report: { id: string } }).report.id
    // A second report of the same word by the same player is the same report.
    expect((await report(a.token, gameId, missing.word)).body.data).toMatchObject({ report: { id } })

    // Checked like a turn's word; only the game's players may report.
    expect((await report(a.token, gameId, 'ab1')).status).toBe(400)
    expect((await report(a.token, gameId, 'ab')).status).toBe(400)
    const aWord = listMoves(
      boardFromLetters(KNOWN_LETTERS, 5),
      0,
      testDictionaries().get('en', 'default')!,
    )[0].word
    const known = await report(a.token, gameId, aWord)
    expect(known.status).toBe(409)
    expect(known.body.error?.code).toBe('WORD_EXISTS')
    expect((await report(outsider.token, gameId, missing.word)).status).toBe(403)
    expect((await report(a.token, 'no-such-game', missing.word)).status).toBe(404)

    // The queue is for developers only.
    expect((await call(server, '/api/dev/reports', { token: a.token })).status).toBe(403)
    const queue = await call<{ reports: { id: string; word: string }[] }>(server, '/api/dev/reports', {
      token: dev.token,
    })
    expect(queue.status).toBe(200)
    expect(queue.body.data.reports.map((r) => r.word)).toContain(missing.word)
    expect((await call(server, `/api/dev/reports/${id}/accept`, { token: a.token, body: {} })).status).toBe(
      403,
    )

    const accepted = await call(server, `/api/dev/reports/${id}/accept`, { token: dev.token, body: {} })
    expect(accepted.status).toBe(200)
    expect(accepted.body.data).toMatchObject({ report: { status: 'accepted', dictType: 'default' } })
    const twice = await call(server, `/api/dev/reports/${id}/accept`, { token: dev.token, body: {} })
    expect(twice.status).toBe(409)

    // Playable at once.
    expect(await socket.request('user/checkword', { lang: 'en', word: missing.word })).toEqual({
      success: true,
      data: { exists: true },
    })
    expect(await socket.request('game/turn', { gameId, cellIds: missing.cellIds })).toMatchObject({
      success: true,
      data: { word: missing.word },
    })

    // Rejected: stays unplayable.
    const second = await report(b.token, gameId, refused.word)
    const rid = (second.body.data as { report: { id: string } }).report.id
    const rejected = await call(server, `/api/dev/reports/${rid}/reject`, { token: dev.token, body: {} })
    expect(rejected.body.data).toMatchObject({ report: { status: 'rejected' } })
    expect(await socket.request('user/checkword', { lang: 'en', word: refused.word })).toEqual({
      success: true,
      data: { exists: false },
    })
    const decided = await call<{ reports: { word: string }[] }>(server, '/api/dev/reports?status=accepted', {
      token: dev.token,
    })
    expect(decided.body.data.reports.map((r) => r.word)).toEqual([missing.word])
    await socket.close()

    // The overlay comes back from the database at start.
    server = await servers.restart(0, ENV)
    const again = await TestSocket.connect(server.wsUrl, a.token)
    expect(await again.request('user/checkword', { lang: 'en', word: missing.word })).toEqual({
      success: true,
      data: { exists: true },
    })
    await again.close()
  })

  test(`at most 10 reports an hour per player`, async () => {
    server = await servers.start(ENV)
    const a = await signIn(server, `Eager ${db}`)
    const b = await signIn(server, `Quiet ${db}`)
    const gameId = await storeKnownPvp(server, [a.uid, b.uid])
    const words = Array.from({ length: 11 }, (_, i) => `qzx${ALPHABETS.en.letters[i]}q`)
    const statuses = []
    for (const word of words) statuses.push((await report(a.token, gameId, word)).status)
    expect(statuses).toEqual([...Array(10).fill(200), 429])
    // Another player is not held back.
    expect((await report(b.token, gameId, words[0])).status).toBe(200)
  })
})

describe('the overlay is only for its own dictionary size and up', () => {
  test('a word accepted into wide is not in default', () => {
    const overlay = createOverlay()
    const dicts = withOverlay(testDictionaries(), overlay)
    overlay.add('en', 'qzxq', 'wide')
    expect(dicts.get('en', 'default')!.has('qzxq')).toBe(false)
    expect(dicts.get('en', 'wide')!.has('qzxq')).toBe(true)
    expect(dicts.get('en', 'full')!.has('qzxq')).toBe(true)
    expect(dicts.get('ru', 'full')!.has('qzxq')).toBe(false)
    // The wrapped list is still the built automaton underneath (the move generator's fast path).
    expect(Object.getPrototypeOf(dicts.get('en', 'wide'))).toBe(testDictionaries().get('en', 'wide'))
  })
})
