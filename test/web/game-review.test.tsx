/**
 * The end of a game on the game page in happy-dom (real store, session and views; the server's
 * answers from the test host): the review in the move list, the review card and on the board, the
 * result's line about it, the fair-board mark, word meanings with their "no definition" states, and
 * sharing the game's page.
 */
import { describe, expect, test } from 'bun:test'
import { act } from 'react'
import type { GameReview, GameView, TurnReview } from '../../engine/index.ts'
import { computerId } from '../../engine/index.ts'
import type { ReviewMark } from '../../engine/server.ts'
import en from '../../locales/en.json'
import { drawnGame, finishedGame } from './board-fixture.ts'
import { withDom } from './dom.ts'
import { $, click, gameMounter, type MountOptions, text, playedTurn as turn } from './game-mount.tsx'
import { type Call, okReply as ok, settle } from './host.ts'

withDom()

const ROWS = ['CATSE', 'onerd', 'limpa', 'gushy', '*b*o*x*e*n']

const games = gameMounter()

const MOVES = [
  turn(2, 0, 'cat', [0, 1, 2], 3),
  turn(3, 1, 'box', [21, 22, 23], 4),
  turn(4, 0, 'one', [5, 6, 7], 3),
]

type Word = [string, number[], number]
const word = ([w, cellIds, points]: Word) => ({ word: w, cellIds, points })

/** A reviewed turn: the word played, the best one (the same: played best), the marks. */
function reviewed(
  ts: number,
  side: 0 | 1,
  played: Word,
  best: Word,
  rank: number,
  marks: ReviewMark[] = [],
): TurnReview {
  return {
    ts,
    turn: ts - 2,
    side,
    played: word(played),
    best: word(best),
    bestPlayed: played[0] === best[0],
    won: false,
    rank,
    choices: 10 * rank,
    marks,
  }
}

const REVIEW: GameReview = {
  version: 1,
  turns: [
    reviewed(2, 0, ['cat', [0, 1, 2], 3], ['cat', [0, 1, 2], 3], 1),
    reviewed(3, 1, ['box', [21, 22, 23], 4], ['boxen', [20, 21, 22, 23, 24], 9], 4),
    reviewed(4, 0, ['one', [5, 6, 7], 3], ['toner', [2, 5, 6, 7, 8], 8], 3, ['missedWin']),
  ],
  summary: [
    { turns: 2, bestPlayed: 1, missedWins: 1, missedSaves: 0, points: 6, bestPoints: 11 },
    { turns: 1, bestPlayed: 0, missedWins: 0, missedSaves: 0, points: 4, bestPoints: 9 },
  ],
  openings: { values: [4.4, 4.45], fair: true },
}

/** A finished game against the computer that side 0 (u1) won. */
const finished = (lang: 'en' | 'ru' = 'en') => finishedGame(ROWS, ['u1', computerId('easy')], { lang, ts: 5 })

const DEFINITIONS: Record<string, unknown> = {
  '/api/definitions/en/cat': {
    word: 'cat',
    lang: 'en',
    lemma: 'cat',
    definitions: [{ pos: 'noun', text: 'feline mammal usually having thick soft fur' }],
    source: 'WordNet 3.1',
  },
  '/api/definitions/en/toner': {
    word: 'toner',
    lang: 'en',
    lemma: null,
    definitions: [],
    source: 'WordNet 3.1',
  },
  '/api/definitions/ru/cat': { word: 'cat', lang: 'ru', lemma: null, definitions: [], source: null },
}

function server(review: unknown = { status: 'ready', review: REVIEW, computedAt: 1 }) {
  return (call: Call) => {
    if (call.path === '/api/games/g1/review') return ok(review)
    const definition = DEFINITIONS[call.path]
    if (definition) return ok(definition)
    return undefined
  }
}

async function mount(game: GameView, options: MountOptions = {}) {
  const mounted = await games.mount(game, { moves: MOVES, reply: server(), ...options })
  await act(() => settle())
  return mounted
}

describe('the review of a finished game', () => {
  test('the result says what the player missed; each move is set against the best word; the board is fair', async () => {
    const { calls } = await mount(finished())
    expect(calls.filter((c) => c.path === '/api/games/g1/review').length).toBe(1)
    // The result's line ("you missed 3 words that would have won").
    expect(text('[data-testid="review-line"]')).toBe('You missed 1 word that would have won')
    // Each move: the best one marked, or the best word with its points and the missed chance.
    const rows = [...document.querySelectorAll('[data-testid="move"]')] as HTMLElement[]
    expect(rows.map((r) => r.querySelector('[data-testid="move-review"]')?.textContent)).toEqual([
      `✓ ${en.insight.review.bestPlayed}`,
      `${en.insight.review.best} BOXEN +9`,
      `${en.insight.review.best} TONER +8${en.insight.review.marks.missedWin}`,
    ])
    expect(rows[2].dataset.marks).toBe('missedWin')
    // The fair-board mark with both opening values, the player's first.
    expect($('[data-testid="fair-board"]')?.dataset.fair).toBe('true')
    expect(text('[data-testid="fair-board"]')).toBe(
      `⚖ ${en.insight.review.fair} best openings: You 4.4 · Computer 4.45`,
    )
    expect(text('[data-testid="review-summary-0"]')).toBe(
      'You best word 1 of 2 turns · missed wins 1 · missed saves 0',
    )
  })

  test('a move picked shows on the board, the word played and the best one dashed, the result folded away', async () => {
    await mount(finished())
    expect($('[data-testid="final"]')?.className).not.toContain('result--folded')
    expect($('[data-testid="last-path"]')?.dataset.cells).toBe('5,6,7')
    const third = document.querySelectorAll('[data-testid="move-pick"]')[2]
    await click(third)
    expect($('[data-testid="review-played-path"]')?.dataset.cells).toBe('5,6,7')
    expect($('[data-testid="review-best-path"]')?.dataset.cells).toBe('2,5,6,7,8')
    // The last move's path gives way to the picked one.
    expect($('[data-testid="last-path"]')).toBeNull()
    expect($('[data-testid="final"]')?.className).toContain('result--folded')
    expect($('[data-testid="review-picked"]')?.dataset.ts).toBe('4')
    expect(text('[data-testid="review-picked"]')).toContain(en.insight.review.marksLong.missedWin)
    // The best move picked: no dashed path, it was the word played.
    await click(document.querySelectorAll('[data-testid="move-pick"]')[0])
    expect($('[data-testid="review-best-path"]')).toBeNull()
    expect(text('[data-testid="review-picked"]')).toContain(en.insight.review.wasBest)
    // Picked again: unpicked.
    await click(document.querySelectorAll('[data-testid="move-pick"]')[0])
    expect($('[data-testid="review-picked"]')).toBeNull()
  })

  test('"Review" on the result folds it to show the board and the review', async () => {
    await mount(finished())
    await click($('[data-testid="open-review"]'))
    expect($('[data-testid="final"]')?.className).toContain('result--folded')
    expect($('[data-testid="review"]')?.dataset.status).toBe('ready')
  })

  test('the move list opens on the newest move, scrolled in the next frame, not inside the commit', async () => {
    // Reading scrollHeight inside React's commit forced a layout there (the game page's longest task).
    const frames: FrameRequestCallback[] = []
    const raf = globalThis.requestAnimationFrame
    globalThis.requestAnimationFrame = (callback) => frames.push(callback)
    let reads = 0
    Object.defineProperty(HTMLOListElement.prototype, 'scrollHeight', {
      configurable: true,
      get: () => {
        reads++
        return 480
      },
    })
    try {
      await mount(finished())
      const list = $('.moves__list') as HTMLElement
      expect(list.querySelectorAll('[data-testid="move"]')).toHaveLength(3)
      expect(reads).toBe(0)
      expect(list.scrollTop).toBe(0)
      for (const frame of frames.splice(0)) frame(0)
      expect(list.scrollTop).toBe(480)
    } finally {
      globalThis.requestAnimationFrame = raf
      delete (HTMLOListElement.prototype as { scrollHeight?: number }).scrollHeight
    }
  })

  test('a live game has no review; an expired one never asks for it', async () => {
    const live = drawnGame(ROWS)
    const { calls } = await mount(live)
    expect($('[data-testid="review"]')).toBeNull()
    expect($('[data-testid="move-pick"]')).toBeNull()
    const expired = Object.assign(finished(), { state: 'expired', winner: null, gameoverReason: null })
    const again = await mount(expired as GameView)
    expect([...calls, ...again.calls].filter((c) => c.path === '/api/games/g1/review')).toEqual([])
    expect($('[data-testid="open-review"]')).toBeNull()
  })

  test('while the server computes it the card says so', async () => {
    await games.mount(finished(), { moves: MOVES, reply: server({ status: 'pending' }) })
    expect($('[data-testid="review"]')?.dataset.status).toBe('pending')
    expect(text('[data-testid="review"]')).toBe(en.insight.review.pending)
    expect($('[data-testid="review-line"]')).toBeNull()
  })
})

describe('what a played word means', () => {
  test('a word of the move list opens its senses and their source; an unknown word says there is none', async () => {
    const { calls } = await mount(finished())
    const cat = [...document.querySelectorAll('[data-testid="word-button"]')].find(
      (b) => b.textContent === 'CAT',
    )
    await click(cat ?? null)
    expect(text('[data-testid="definition-sheet"] h2')).toBe('CAT')
    expect(text('[data-testid="definitions"]')).toBe('noun feline mammal usually having thick soft fur')
    expect(text('[data-testid="definition-sheet"]')).toContain('Source: WordNet 3.1')
    await click($('[data-testid="sheet-close"]'))
    expect($('[data-testid="definition-sheet"]')).toBeNull()
    // The best word of the review opens too: no definition for it.
    const toner = [...document.querySelectorAll('[data-testid="word-button"]')].find(
      (b) => b.textContent === 'TONER',
    )
    await click(toner ?? null)
    expect(text('[data-testid="definition-none"]')).toBe(en.insight.definitions.none)
    await click($('[data-testid="sheet-close"]'))
    // A word asked again is not read again.
    await click(cat ?? null)
    expect(calls.filter((c) => c.path === '/api/definitions/en/cat').length).toBe(1)
  })

  test('a language without a source of meanings says so', async () => {
    await mount(finished('ru'))
    const cat = [...document.querySelectorAll('[data-testid="word-button"]')].find(
      (b) => b.textContent === 'CAT',
    )
    await click(cat ?? null)
    expect(text('[data-testid="definition-none"]')).toBe(en.insight.definitions.noSource)
  })
})

describe('sharing the game', () => {
  test("the game's page goes through Telegram's share inside the Mini App", async () => {
    const { host } = await mount(finished())
    const shared: [string, string][] = []
    host.shareLink = (url, text) => void shared.push([url, text])
    await click($('[data-testid="share"]'))
    expect(shared).toEqual([['http://localhost:3000/en/game/g1', 'Ann 0 : 0 Computer in Word Territory']])
  })

  test('elsewhere the link is copied when the browser cannot share, and the player is told', async () => {
    const { island } = await mount(finished())
    const copied: string[] = []
    const nav = navigator as { share?: unknown; clipboard?: unknown }
    const saved = { share: nav.share, clipboard: nav.clipboard }
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true })
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (t: string) => void copied.push(t) },
      configurable: true,
    })
    try {
      await click($('[data-testid="share"]'))
    } finally {
      Object.defineProperty(navigator, 'share', { value: saved.share, configurable: true })
      Object.defineProperty(navigator, 'clipboard', { value: saved.clipboard, configurable: true })
    }
    expect(copied).toEqual(['http://localhost:3000/en/game/g1'])
    expect(island.notices.list.value[0]).toMatchObject({ kind: 'success', text: en.insight.share.copied })
  })
})
