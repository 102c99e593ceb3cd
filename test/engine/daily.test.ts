import { describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import {
  type AttemptFigures,
  areNeighbours,
  attemptOf,
  type Board,
  compareAttempts,
  computerId,
  createGame,
  DAILY,
  DAILY_SETUP,
  type DailyKey,
  dailyId,
  dailySeed,
  dayEnd,
  dayStart,
  type HistoryEvent,
  isBetterAttempt,
  isDay,
  type Lang,
  rankAttempts,
  SECRET_LENGTH,
  secretEvents,
  utcDay,
} from '../../engine/index.ts'
import {
  type Dictionary,
  dailyBoard,
  dailySecret,
  decodeDictionary,
  hasOpenings,
} from '../../engine/server.ts'

const DIR = resolve(import.meta.dir, '../../dictionaries')
const dicts = new Map<Lang, Dictionary>()
function dictOf(lang: Lang): Dictionary {
  const file = resolve(DIR, lang, 'default.wtdg')
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run dictionaries\` first`)
  let d = dicts.get(lang)
  if (!d) {
    d = decodeDictionary(new Uint8Array(readFileSync(file)))
    dicts.set(lang, d)
  }
  return d
}

const letters = (b: Board) => b.cells.map((c) => c.letter).join('')

/** Some path of distinct neighbouring cells spells `word` on the board. */
function spelledOn(board: Board, word: string): boolean {
  const chars = [...word]
  const walk = (at: number, k: number, seen: Set<number>): boolean => {
    if (board.cells[at].letter !== chars[k] || seen.has(at)) return false
    if (k === chars.length - 1) return true
    seen.add(at)
    for (const c of board.cells)
      if (areNeighbours(board.size, at, c.id) && walk(c.id, k + 1, seen)) return true
    seen.delete(at)
    return false
  }
  return board.cells.some((c) => walk(c.id, 0, new Set()))
}

describe('daily days', () => {
  test('the UTC day of a moment, its start and its end (results final at 00:00 UTC)', () => {
    const t = Date.UTC(2025, 5, 1, 23, 59, 59, 999)
    expect(utcDay(t)).toBe('2025-06-01')
    expect(utcDay(t + 1)).toBe('2025-06-02')
    expect(dayStart('2025-06-01')).toBe(Date.UTC(2025, 5, 1))
    expect(dayEnd('2025-06-01')).toBe(Date.UTC(2025, 5, 2))
    expect(dayEnd('2024-12-31')).toBe(Date.UTC(2025, 0, 1))
  })

  test.each([
    ['2025-06-01', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-13-01', false],
    ['2025-6-1', false],
    ['2025-06-01x', false],
    ['', false],
  ])('isDay(%p) is %p', (text, ok) => {
    expect(isDay(text)).toBe(ok)
  })

  test('ids and seeds differ by day, language and key, and repeat for the same ones', () => {
    const ids = new Set<string>()
    const seeds = new Set<number>()
    for (const day of ['2025-06-01', '2025-06-02'])
      for (const lang of ['ru', 'en', 'es'] as const)
        for (const key of DAILY.keys) {
          ids.add(dailyId(day, lang, key))
          seeds.add(dailySeed(day, lang, key))
        }
    expect(ids.size).toBe(12)
    expect(seeds.size).toBe(12)
    expect(dailyId('2025-06-01', 'en', 'daily-1')).toBe('2025-06-01-en-daily-1')
    expect(dailySeed('2025-06-01', 'en', 'daily-0')).toBe(dailySeed('2025-06-01', 'en', 'daily-0'))
  })
})

describe('the day’s board and secret word', () => {
  for (const lang of ['en', 'ru'] as const) {
    test(`${lang}: the same seed draws the same board and secret, another day another board`, () => {
      const dict = dictOf(lang)
      const seed = dailySeed('2025-06-01', lang, 'daily-0')
      const a = dailyBoard(seed, lang, dict)
      const b = dailyBoard(seed, lang, dict)
      expect(letters(a)).toBe(letters(b))
      expect(hasOpenings(a, dict)).toBe(true)
      const next = dailyBoard(dailySeed('2025-06-02', lang, 'daily-0'), lang, dict)
      expect(letters(next)).not.toBe(letters(a))
      const hard = dailyBoard(dailySeed('2025-06-01', lang, 'daily-1'), lang, dict)
      expect(letters(hard)).not.toBe(letters(a))

      const secret = dailySecret(a, dict, seed)
      expect(secret).not.toBeNull()
      expect(dailySecret(b, dict, seed)).toBe(secret)
      const word = secret as string
      expect(dict.has(word)).toBe(true)
      expect(word.length).toBeGreaterThanOrEqual(SECRET_LENGTH.min)
      expect(word.length).toBeLessThanOrEqual(SECRET_LENGTH.max)
      expect(spelledOn(a, word)).toBe(true)
    })
  }

  test('secrets vary from day to day', () => {
    const dict = dictOf('en')
    const secrets = new Set<string | null>()
    for (let d = 1; d <= 10; d++) {
      const day = `2025-06-${String(d).padStart(2, '0')}`
      const seed = dailySeed(day, 'en', 'daily-0')
      secrets.add(dailySecret(dailyBoard(seed, 'en', dict), dict, seed))
    }
    expect(secrets.size).toBeGreaterThan(5)
  })

  test('the dailySecret event comes only for the player’s own turn with the secret word', () => {
    const turn = (side: 0 | 1, word: string): HistoryEvent => ({
      type: 'turn',
      side,
      word,
      scoreReached: 1,
      cellIds: [0, 1, 2],
    })
    expect(secretEvents([turn(0, 'tale')], 'tale', 0)).toEqual([{ type: 'dailySecret', word: 'tale' }])
    expect(secretEvents([turn(1, 'tale')], 'tale', 0)).toEqual([])
    expect(secretEvents([turn(0, 'tales')], 'tale', 0)).toEqual([])
    expect(secretEvents([{ type: 'start', startedAt: 1 }], 'tale', 0)).toEqual([])
    expect(secretEvents([turn(0, 'tale')], null, 0)).toEqual([])
  })
})

describe('attempts and their ranking (RULES §9)', () => {
  const a = (won: boolean, turns: number, timeMs: number, score: number, finishedAt = 1): AttemptFigures => ({
    won,
    turns,
    timeMs,
    score,
    finishedAt,
  })

  // [name, better, worse]: `better` must rank above `worse`.
  test.each([
    [
      'a win beats a loss, even a slower, longer, poorer one',
      a(true, 20, 900_000, 1),
      a(false, 1, 1_000, 99),
    ],
    ['between wins, fewer turns first', a(true, 5, 900_000, 1), a(true, 6, 1_000, 99)],
    ['between losses, fewer turns first', a(false, 5, 900_000, 1), a(false, 6, 1_000, 99)],
    ['same turns: less time first', a(true, 5, 60_000, 1), a(true, 5, 60_001, 99)],
    ['same turns and time: more points first', a(true, 5, 60_000, 31), a(true, 5, 60_000, 30)],
    [
      'equal on all four: the earlier attempt first',
      a(true, 5, 60_000, 30, 100),
      a(true, 5, 60_000, 30, 200),
    ],
  ])('%s', (_name, better, worse) => {
    expect(compareAttempts(better, worse)).toBeLessThan(0)
    expect(compareAttempts(worse, better)).toBeGreaterThan(0)
    expect(isBetterAttempt(better, worse)).toBe(true)
    expect(isBetterAttempt(worse, better)).toBe(false)
  })

  test('an attempt equal to itself is not better; anything beats no attempt', () => {
    const x = a(false, 3, 10, 10)
    expect(compareAttempts(x, { ...x })).toBe(0)
    expect(isBetterAttempt(x, { ...x })).toBe(false)
    expect(isBetterAttempt(x, null)).toBe(true)
  })

  test('the table: one row per player (their best), ordered by the rule, ranks from 1', () => {
    const rows = [
      { userId: 'u-slow-win', ...a(true, 8, 300_000, 40) },
      { userId: 'u-loss', ...a(false, 2, 10_000, 5) },
      { userId: 'u-fast-win', ...a(true, 6, 500_000, 10) },
      { userId: 'u-fast-win', ...a(false, 1, 1_000, 50) },
      { userId: 'u-loss', ...a(false, 4, 5_000, 90) },
      { userId: 'u-quick-same-turns', ...a(true, 8, 200_000, 1) },
      { userId: 'u-rich-same', ...a(true, 8, 300_000, 41) },
      { userId: 'u-tie-b', ...a(false, 9, 9, 9, 50) },
      { userId: 'u-tie-a', ...a(false, 9, 9, 9, 50) },
    ]
    const table = rankAttempts(rows)
    expect(table.map((r) => [r.rank, r.userId])).toEqual([
      [1, 'u-fast-win'],
      [2, 'u-quick-same-turns'],
      [3, 'u-rich-same'],
      [4, 'u-slow-win'],
      [5, 'u-loss'],
      [6, 'u-tie-a'],
      [7, 'u-tie-b'],
    ])
    // Each player's best of several attempts is the one ranked.
    expect(table[0]).toMatchObject({ won: true, turns: 6 })
    expect(table[4]).toMatchObject({ turns: 2, score: 5 })
    expect(rankAttempts([])).toEqual([])
  })

  test('figures of a finished game for a side; an expired or unstarted game is no attempt', () => {
    const board = dailyBoard(dailySeed('2025-06-01', 'en', 'daily-0'), 'en', dictOf('en'))
    const game = createGame({
      id: 'g1',
      mode: 'pve',
      lang: 'en',
      users: [
        { id: 'u1', name: 'U', avatar: null },
        { id: computerId('medium'), name: 'Computer', avatar: null },
      ],
      board,
      now: 1_000,
    })
    expect(attemptOf(game, 0)).toBeNull()
    const over = structuredClone(game)
    over.state = 'over'
    over.startedAt = 10_000
    over.finishedAt = 70_500
    over.winner = 0
    over.stats[0].turns = 7
    over.players[0].score = 33
    expect(attemptOf(over, 0)).toEqual({ won: true, turns: 7, timeMs: 60_500, score: 33, finishedAt: 70_500 })
    expect(attemptOf(over, 1)).toMatchObject({ won: false })
    const expired = { ...structuredClone(game), state: 'expired' as const, finishedAt: 5_000 }
    expect(attemptOf(expired, 0)).toBeNull()
  })

  test('every key has a computer level and a clock: ordinary classic, hardcore blitz', () => {
    const keys: DailyKey[] = [...DAILY.keys]
    expect(keys.map((k) => DAILY_SETUP[k])).toEqual([
      { level: 'medium', timeMode: 'classic' },
      { level: 'veryHard', timeMode: 'blitz' },
    ])
  })
})
