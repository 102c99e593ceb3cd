/**
 * The pure parts of the game page's insight features: plural forms, the result's review line, where
 * a notebook word can be played, notebook sorting, hint prices, sharing's fallbacks, soft-keyboard
 * detection and the review's reading while the server computes it.
 */
import { describe, expect, test } from 'bun:test'
import type { GameReview, Player, SideSummary } from '../../engine/index.ts'
import { translator } from '../../shared/i18n.ts'
import { attackedBaseCells } from '../../web/game/attack.ts'
import { cheapestPrice, currentPrices, freshPrices, resumedPrices } from '../../web/game/hints.ts'
import { sortWords } from '../../web/game/notebook-order.ts'
import { bestPathFor } from '../../web/game/word-path.ts'
import { plural, pluralCategory } from '../../web/plural.ts'
import { createReview } from '../../web/review/store.ts'
import { openingValue, summaryLine } from '../../web/review/summary.ts'
import { shareLink } from '../../web/ui/share.ts'
import { KEYBOARD_RATIO, watchSoftKeyboard } from '../../web/ui/soft-keyboard.ts'
import { drawnGame } from './board-fixture.ts'
import { testHost } from './host.ts'

const ROWS = ['CATSE', 'onerd', 'limpa', 'gushy', '*b*o*x*e*n']

describe('plural forms', () => {
  test('Russian takes three forms, English two, each language from its own rules', () => {
    expect([1, 2, 5, 21, 22, 25].map((n) => pluralCategory('ru', n))).toEqual([
      'one',
      'few',
      'many',
      'one',
      'few',
      'many',
    ])
    expect([1, 2, 5].map((n) => pluralCategory('en', n))).toEqual(['one', 'other', 'other'])
    const ru = translator('ru')
    expect(plural(ru, 'ru', 'insight.summary.missedWins', 1)).toBe(
      'Вы упустили 1 слово, которое принесло бы победу',
    )
    expect(plural(ru, 'ru', 'insight.summary.missedWins', 3)).toBe(
      'Вы упустили 3 слова, которые принесли бы победу',
    )
    expect(plural(ru, 'ru', 'insight.summary.missedWins', 5)).toBe(
      'Вы упустили 5 слов, которые принесли бы победу',
    )
    const en = translator('en')
    expect(plural(en, 'en', 'insight.summary.missedWins', 3)).toBe('You missed 3 words that would have won')
    expect(plural(en, 'en', 'insight.summary.best', 9, { best: 4 })).toBe(
      'You played the best word 4 of 9 times',
    )
  })
})

describe("the result's review line", () => {
  const summary = (over: Partial<SideSummary>): SideSummary => ({
    turns: 9,
    bestPlayed: 4,
    missedWins: 0,
    missedSaves: 0,
    points: 100,
    bestPoints: 120,
    ...over,
  })
  test('missed wins first, then missed saves, then how often the best word was played', () => {
    expect(summaryLine(summary({ missedWins: 3, missedSaves: 2 }))).toEqual({ kind: 'missedWins', n: 3 })
    expect(summaryLine(summary({ missedSaves: 2 }))).toEqual({ kind: 'missedSaves', n: 2 })
    expect(summaryLine(summary({}))).toEqual({ kind: 'best', n: 4, of: 9 })
    expect(summaryLine(summary({ turns: 0, bestPlayed: 0 }))).toBeNull()
    expect([4.4, 4.45, 4.456, 3].map(openingValue)).toEqual(['4.4', '4.45', '4.46', '3'])
  })
})

describe('a notebook word on the board', () => {
  test('the path that spells it through usable cells and takes something, the richest one', () => {
    const game = drawnGame(ROWS)
    // ONE: o, n, e of row 1, each next to side 0's cells.
    expect(bestPathFor(game.board, 0, 'one')).toEqual([5, 6, 7])
    // CAT is all side 0's own: nothing to take, not a move.
    expect(bestPathFor(game.board, 0, 'cat')).toBeNull()
    // Letters not on the board, or too far from side 0's cells.
    expect(bestPathFor(game.board, 0, 'zebra')).toBeNull()
    expect(bestPathFor(game.board, 0, 'gush')).toBeNull()
    // Side 1 reaches its own neighbours only.
    expect(bestPathFor(game.board, 1, 'one')).toBeNull()
    // NO three ways (6-5, 6-7, 8-7); the one over the cell worth 4 scores most.
    const rich = drawnGame(['CATSE', 'onone', 'limpa', 'gushy', '*b*o*x*e*n'])
    rich.board.cells[5].score = 4
    expect(bestPathFor(rich.board, 0, 'no')).toEqual([6, 5])
    rich.board.cells[5].score = 1
    rich.board.cells[7].score = 4
    expect(bestPathFor(rich.board, 0, 'no')).toEqual([6, 7])
  })

  test('sorting: as added, A to Z in the language, longest first', () => {
    const words = ['ель', 'ёж', 'арбуз', 'бег']
    expect(sortWords(words, 'added', 'ru')).toEqual(words)
    expect(sortWords(words, 'alpha', 'ru')).toEqual(['арбуз', 'бег', 'ёж', 'ель'])
    expect(sortWords(words, 'length', 'ru')).toEqual(['арбуз', 'бег', 'ель', 'ёж'])
  })
})

describe('base under attack (SPEC.md §4)', () => {
  test('a lost base cell with an opponent cell next to it; nothing at the start', () => {
    expect(attackedBaseCells(drawnGame(ROWS).board, 0)).toEqual([])
    // Side 1 took cell 1 of side 0's base row and stands on cell 5 below it.
    const board = drawnGame(['C*aTSE', '*onerd', 'limpa', 'gushy', '*b*o*x*e*n']).board
    expect(attackedBaseCells(board, 0)).toEqual([1])
    expect(attackedBaseCells(board, 1)).toEqual([])
  })
})

describe('hint prices', () => {
  const player = (hintsUsed: number) => ({ hintsUsed }) as Player
  test('steps are shares of 10 · 2^hints used; a hint in progress keeps its own; a resumed one the base before it', () => {
    expect(freshPrices(player(0))).toEqual({ area: 3, letter: 6, word: 10 })
    expect(freshPrices(player(2))).toEqual({ area: 12, letter: 24, word: 40 })
    const shown = {
      turn: 4,
      grade: 'area' as const,
      cellIds: [1, 2, 3],
      prices: { area: null, letter: 6, word: 10 },
    }
    expect(currentPrices(player(1), shown)).toEqual({ area: null, letter: 6, word: 10 })
    expect(currentPrices(player(1), { ...shown, grade: 'word' })).toEqual({ area: 6, letter: 12, word: 20 })
    expect(resumedPrices(player(1))).toEqual({ area: 3, letter: 6, word: 10 })
    expect(cheapestPrice({ area: null, letter: 6, word: 10 })).toBe(6)
  })
})

describe('sharing a link', () => {
  const link = { url: 'https://example.test/en/game/g1', text: 'A 10 : 8 B' }
  test('Telegram first, then the share sheet, then the clipboard; a closed sheet is no failure', async () => {
    const viaTelegram: string[] = []
    expect(await shareLink({ shareLink: (url) => void viaTelegram.push(url) }, {}, link)).toBe('telegram')
    expect(viaTelegram).toEqual([link.url])

    const shared: ShareData[] = []
    const share = async (data?: ShareData) => void shared.push(data ?? {})
    expect(await shareLink({}, { share }, link)).toBe('shared')
    expect(shared[0]).toMatchObject({ url: link.url, text: link.text })

    const abort = async () => {
      throw Object.assign(new Error('closed'), { name: 'AbortError' })
    }
    expect(await shareLink({}, { share: abort }, link)).toBe('cancelled')

    const copied: string[] = []
    const clipboard = { writeText: async (text: string) => void copied.push(text) } as Clipboard
    expect(await shareLink({}, { clipboard }, link)).toBe('copied')
    expect(copied).toEqual([link.url])
    const broken = { writeText: async () => Promise.reject(new Error('denied')) } as unknown as Clipboard
    expect(await shareLink({}, { clipboard: broken }, link)).toBe('failed')
    expect(await shareLink({}, {}, link)).toBe('failed')
  })
})

describe('soft keyboard (SPEC.md §4)', () => {
  function fakeWindow(height: number, width = 390) {
    const listeners = new Set<() => void>()
    const vvListeners = new Set<() => void>()
    const win = {
      innerHeight: height,
      innerWidth: width,
      visualViewport: {
        height,
        scale: 1,
        addEventListener: (_: string, fn: () => void) => void vvListeners.add(fn),
        removeEventListener: (_: string, fn: () => void) => void vvListeners.delete(fn),
      },
      addEventListener: (_: string, fn: () => void) => void listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => void listeners.delete(fn),
    }
    const resize = (next: { inner?: number; visual?: number; width?: number; scale?: number }) => {
      if (next.inner !== undefined) win.innerHeight = next.inner
      if (next.visual !== undefined) win.visualViewport.height = next.visual
      if (next.width !== undefined) win.innerWidth = next.width
      if (next.scale !== undefined) win.visualViewport.scale = next.scale
      for (const fn of [...listeners, ...vvListeners]) fn()
    }
    return { win: win as unknown as Window, resize, listeners, vvListeners }
  }

  test('open below 80% of the original height, closed again above; zoom and turning the phone do not count', () => {
    const { win, resize, listeners } = fakeWindow(844)
    const seen: [boolean, number][] = []
    const stop = watchSoftKeyboard(win, (open, height) => seen.push([open, height]))
    // 81% of the height: an address bar, not a keyboard.
    resize({ inner: Math.ceil(844 * (KEYBOARD_RATIO + 0.01)), visual: Math.ceil(844 * 0.81) })
    expect(seen).toEqual([])
    // Android: the window shrinks.
    resize({ inner: 500, visual: 500 })
    expect(seen.at(-1)).toEqual([true, 500])
    resize({ inner: 844, visual: 844 })
    expect(seen.at(-1)).toEqual([false, 844])
    // iOS: the window keeps its height, the visual viewport shrinks.
    resize({ visual: 480 })
    expect(seen.at(-1)).toEqual([true, 480])
    resize({ visual: 844 })
    // Pinch zoom: the visual viewport shrinks by the scale; times the scale it is the whole height.
    const before = seen.length
    resize({ visual: 422, scale: 2 })
    expect(seen.length).toBe(before)
    resize({ visual: 844, scale: 1 })
    // Turned to landscape: the new height is the original from now on.
    resize({ inner: 390, visual: 390, width: 844 })
    expect(seen.at(-1)?.[0]).toBe(false)
    resize({ inner: 250, visual: 250 })
    expect(seen.at(-1)).toEqual([true, 250])
    stop()
    expect(listeners.size).toBe(0)
  })
})

describe("the review's reading", () => {
  const review: GameReview = {
    version: 1,
    turns: [],
    summary: [
      { turns: 1, bestPlayed: 1, missedWins: 0, missedSaves: 0, points: 3, bestPoints: 3 },
      { turns: 0, bestPlayed: 0, missedWins: 0, missedSaves: 0, points: 0, bestPoints: 0 },
    ],
    openings: null,
  }
  const envelope = (data: unknown) => ({ status: 200, body: { success: true, data } })

  test('asked again while the server computes it, then kept; read once', async () => {
    let asked = 0
    const { host } = testHost(() => {
      asked++
      return envelope(asked < 3 ? { status: 'pending' } : { status: 'ready', review, computedAt: 1 })
    })
    const { createApi } = await import('../../web/api/client.ts')
    const api = createApi({ origin: host.origin, token: () => '', fetch: host.fetch })
    const store = createReview({ api, gameId: 'g1', poll: { intervalMs: 1, tries: 10 } })
    store.load()
    store.load()
    for (let i = 0; i < 100 && store.status.value !== 'ready'; i++) await Bun.sleep(2)
    expect(store.status.value).toBe('ready')
    expect(store.review.value).toEqual(review)
    expect(asked).toBe(3)
  })

  test('an expired game (409) or a review that never comes is unavailable', async () => {
    const conflict = testHost(() => ({
      status: 409,
      body: { success: false, error: { code: 'NO_REVIEW', message: '' } },
    }))
    const { createApi } = await import('../../web/api/client.ts')
    const api = createApi({ origin: 'http://localhost', token: () => '', fetch: conflict.host.fetch })
    const store = createReview({ api, gameId: 'g1', poll: { intervalMs: 1, tries: 2 } })
    store.load()
    for (let i = 0; i < 100 && store.status.value === 'pending'; i++) await Bun.sleep(2)
    expect(store.status.value).toBe('unavailable')

    const slow = testHost(() => envelope({ status: 'pending' }))
    const api2 = createApi({ origin: 'http://localhost', token: () => '', fetch: slow.host.fetch })
    const waiting = createReview({ api: api2, gameId: 'g1', poll: { intervalMs: 1, tries: 3 } })
    waiting.load()
    for (let i = 0; i < 100 && waiting.status.value === 'pending'; i++) await Bun.sleep(2)
    expect(waiting.status.value).toBe('unavailable')
    expect(slow.calls.length).toBe(3)
  })
})
