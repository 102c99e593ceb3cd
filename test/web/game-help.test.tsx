/**
 * Help during play on the game page in happy-dom (real store, session and views; REST answers from
 * the test host, acks through the fake socket): the danger map (free against the computer, an
 * invitation to PRO between people, nothing for observers), graded hints priced step by step, a
 * refused word reported, the base under attack, the claimed win confirmed, the PRO notebook, and
 * the layout under a soft keyboard.
 */
import { describe, expect, test } from 'bun:test'
import { act } from 'react'
import type { DangerMap, GameView } from '../../engine/index.ts'
import { computerId } from '../../engine/index.ts'
import en from '../../locales/en.json'
import type { Profile } from '../../src/users/profile.ts'
import { drawnGame } from './board-fixture.ts'
import { withDom } from './dom.ts'
import { $, cell, click, gameMounter, tap, text, cellsWith as withClass } from './game-mount.tsx'
import { type Call, okReply as ok, refusedReply as refuse, settle } from './host.ts'

withDom()

const ROWS = ['CATSE', 'onerd', 'limpa', 'gushy', '*b*o*x*e*n']
const PRO: Partial<Profile> = {
  subscription: {
    id: 'pro',
    active: true,
    cancelled: false,
    trialAvailable: false,
    expiresAt: Date.now() + 1e9,
  },
}

const { mount } = gameMounter()

/** Side 0 (u1) against the computer, its turn. */
function againstComputer(): GameView {
  const game = drawnGame(ROWS, { uids: ['u1', computerId('easy')] })
  game.mode = 'pve'
  game.players[1].user = { id: computerId('easy'), name: 'Computer', avatar: null }
  game.ts = 3
  return game
}

const MAP: DangerMap & { ts: number } = {
  side: 0,
  cells: [
    { cellId: 5, level: 2 },
    { cellId: 6, level: 1 },
  ],
  targets: [0],
  winning: false,
  threats: { cut: 1, reach: 1 },
  ts: 3,
}

describe('the danger map', () => {
  test('against the computer: turned on, it shades the threatened cells of the version on screen, and explains itself', async () => {
    let version = 3
    const { calls, arrive } = await mount(againstComputer(), {
      reply: (call: Call) => (call.path === '/api/games/g1/danger' ? ok({ ...MAP, ts: version }) : undefined),
    })
    expect($('[data-testid="danger-toggle"]')?.getAttribute('aria-pressed')).toBe('false')
    await click('[data-testid="danger-toggle"]')
    await act(() => settle())
    expect($('[data-testid="danger-toggle"]')?.getAttribute('aria-pressed')).toBe('true')
    expect(withClass('cell--danger-2')).toEqual([5])
    expect(withClass('cell--danger-1')).toEqual([6])
    expect(withClass('cell--danger-target')).toEqual([0])
    expect(cell(5).getAttribute('aria-label')).toContain(en.insight.danger.cut)
    expect(text('[data-testid="tip"]')).toBe(en.insight.danger.legend)
    // A new version: the old map is gone at once and the new one is read.
    version = 4
    await arrive({ ...againstComputer(), ts: 4 }, [])
    expect(calls.filter((c) => c.path === '/api/games/g1/danger').length).toBe(2)
    expect(withClass('cell--danger-2')).toEqual([5])
    // Off: no shading, nothing read.
    await click('[data-testid="danger-toggle"]')
    expect(withClass('cell--danger')).toEqual([])
    await arrive({ ...againstComputer(), ts: 5 }, [])
    expect(calls.filter((c) => c.path === '/api/games/g1/danger').length).toBe(2)
  })

  test('a base that can fall next turn is said so', async () => {
    await mount(againstComputer(), {
      reply: (call: Call) =>
        call.path === '/api/games/g1/danger' ? ok({ ...MAP, winning: true }) : undefined,
    })
    await click('[data-testid="danger-toggle"]')
    await act(() => settle())
    expect(text('[data-testid="tip"]')).toBe(en.insight.danger.winning)
  })

  test('between people without PRO: an invitation to PRO that leads to the shop; nothing is read', async () => {
    const { calls } = await mount(drawnGame(ROWS))
    expect(text('[data-testid="danger-toggle"] .tool__caption')).toBe('PRO')
    await click('[data-testid="danger-toggle"]')
    expect(text('.dialog h2')).toBe(en.insight.danger.proTitle)
    expect(text('.dialog p')).toBe(en.insight.danger.proText)
    expect(calls.filter((c) => c.path.endsWith('/danger'))).toEqual([])
    await click('[data-testid="confirm"]')
    expect(text('.dialog h2')).toBe(en.shop.title)
  })

  test('between people with PRO it is on; observers have no danger map at all', async () => {
    const game = drawnGame(ROWS)
    const { calls } = await mount(game, {
      profile: PRO,
      reply: (call: Call) => (call.path === '/api/games/g1/danger' ? ok({ ...MAP, ts: game.ts }) : undefined),
    })
    await click('[data-testid="danger-toggle"]')
    await act(() => settle())
    expect(calls.filter((c) => c.path === '/api/games/g1/danger').length).toBe(1)
    expect(withClass('cell--danger-2')).toEqual([5])
    await mount(drawnGame(ROWS), { uid: 'u3' })
    expect($('[data-testid="danger-toggle"]')).toBeNull()
  })
})

describe('graded hints', () => {
  function hinted(hintsUsed = 0): GameView {
    const game = againstComputer()
    game.players[0].score = 50
    game.players[0].hintsUsed = hintsUsed
    return game
  }
  const prices = () =>
    ['area', 'letter', 'word'].map((g) => $(`[data-testid="hint-${g}"]`)?.dataset.price ?? null)

  test('area, then first letter, then the word: each priced on the button that buys it, shown on the board', async () => {
    const { sentPayloads, ack, store } = await mount(hinted(), { level: 3 })
    expect(text('[data-testid="hint"] .tool__caption')).toBe('3 pts')
    await click('[data-testid="hint"]')
    expect(prices()).toEqual(['3', '6', '10'])
    expect(text('[data-testid="hint-area"] .hint-step__price')).toBe('3 pts')
    // Cancel buys nothing.
    await click('[data-testid="hint-cancel"]')
    expect(sentPayloads('hint')).toEqual([])

    await click('[data-testid="hint"]')
    await click('[data-testid="hint-area"]')
    expect(
      await ack('game/hint', {
        success: true,
        data: { cellIds: [5, 6, 7], grade: 'area', cost: 3, prices: { area: null, letter: 6, word: 10 } },
      }),
    ).toEqual({ gameId: 'g1', cost: 3, grade: 'area' })
    expect(withClass('cell--hint')).toEqual([7, 6, 5])
    expect(store.path.value).toEqual([])

    await click('[data-testid="hint"]')
    expect(prices()).toEqual(['', '6', '10'])
    expect(($('[data-testid="hint-area"]') as HTMLButtonElement).disabled).toBe(true)
    expect(text('[data-testid="hint-area"] .hint-step__price')).toBe(en.insight.hint.shown)
    await click('[data-testid="hint-letter"]')
    await ack('game/hint', {
      success: true,
      data: {
        cellIds: [5, 6, 7],
        grade: 'letter',
        cost: 6,
        firstCellId: 5,
        prices: { area: null, letter: null, word: 10 },
      },
    })
    expect(withClass('cell--hint-first')).toEqual([5])
    expect(cell(5).getAttribute('aria-label')).toContain(en.insight.hint.firstCell)

    await click('[data-testid="hint"]')
    await click('[data-testid="hint-word"]')
    const last = await ack('game/hint', {
      success: true,
      data: { cellIds: [5, 6, 7], grade: 'word', cost: 10, prices: { area: 6, letter: 12, word: 20 } },
    })
    expect(last).toEqual({ gameId: 'g1', cost: 10, grade: 'word' })
    // The whole word: on the board as the word being built.
    expect(store.path.value).toEqual([5, 6, 7])
  })

  test('a step the player cannot pay for says so on its button and cannot be bought', async () => {
    const game = hinted()
    game.players[0].score = 7
    await mount(game, { level: 3 })
    await click('[data-testid="hint"]')
    expect(($('[data-testid="hint-word"]') as HTMLButtonElement).disabled).toBe(true)
    expect(text('[data-testid="hint-word"] .hint-step__price')).toBe('10 pts: not enough')
    expect(($('[data-testid="hint-letter"]') as HTMLButtonElement).disabled).toBe(false)
  })

  test('a hint started before a reload elsewhere: the refusal brings its own prices instead of an error', async () => {
    const { ack, island } = await mount(hinted(1), { level: 3 })
    await click('[data-testid="hint"]')
    expect(prices()).toEqual(['6', '12', '20'])
    await click('[data-testid="hint-area"]')
    await ack('game/hint', { success: false, error: { code: 'BAD_REQUEST', message: '' } })
    expect(text('[data-testid="tip"]')).toBe(en.insight.hint.resumed)
    expect(island.notices.list.value).toEqual([])
    await click('[data-testid="hint"]')
    expect(prices()).toEqual(['3', '6', '10'])
  })

  test('the step bought is remembered across a reload of the page', async () => {
    const saved = new Map<string, string>()
    const storage = {
      getItem: (k: string) => saved.get(k) ?? null,
      setItem: (k: string, v: string) => void saved.set(k, v),
    } as Storage
    const first = await mount(hinted(1), { level: 3, storage })
    await click('[data-testid="hint"]')
    await click('[data-testid="hint-area"]')
    await first.ack('game/hint', {
      success: true,
      data: { cellIds: [5, 6, 7], grade: 'area', cost: 6, prices: { area: null, letter: 12, word: 20 } },
    })
    // hintsUsed counted the hint already: a fresh price would be wrong now.
    await mount(hinted(2), { level: 3, storage })
    expect(withClass('cell--hint')).toEqual([7, 6, 5])
    await click('[data-testid="hint"]')
    expect(prices()).toEqual(['', '12', '20'])
  })
})

describe('a word the dictionary lacks', () => {
  test('refused as unknown, it can be reported; the answer is said in place of the button', async () => {
    const { ack, calls } = await mount(againstComputer(), {
      reply: (call: Call) =>
        call.path === '/api/reports/words'
          ? ok({ report: { id: 'r1', word: 'one', lang: 'en', status: 'pending', createdAt: 1 } })
          : undefined,
    })
    for (const id of [5, 6, 7]) await tap(id)
    expect($('[data-testid="report-word"]')).toBeNull()
    await click('[data-testid="submit"]')
    await ack('game/turn', { success: false, error: { code: 'WORD_DOES_NOT_EXIST', message: '' } })
    expect(text('[data-testid="report-word"]')).toBe(en.insight.report.action)
    await click('[data-testid="report-word"]')
    expect(calls.find((c) => c.path === '/api/reports/words')?.body).toEqual({ gameId: 'g1', word: 'one' })
    expect($('[data-testid="report-state"]')?.dataset.state).toBe('sent')
    expect(text('[data-testid="report-state"]')).toBe(en.insight.report.sent)
    // Another word: no report offered until it is refused.
    await tap(7)
    expect($('[data-testid="report-word"], [data-testid="report-state"]')).toBeNull()
  })

  test('a word that is already playable, or too many reports, are said too', async () => {
    let answer = refuse(409, 'WORD_EXISTS')
    const { ack } = await mount(againstComputer(), {
      reply: (call: Call) => (call.path === '/api/reports/words' ? answer : undefined),
    })
    for (const id of [5, 6, 7]) await tap(id)
    await click('[data-testid="submit"]')
    await ack('game/turn', { success: false, error: { code: 'WORD_DOES_NOT_EXIST', message: '' } })
    await click('[data-testid="report-word"]')
    expect(text('[data-testid="report-state"]')).toBe(en.insight.report.exists)
    // ONER: another word, refused too, and the reports of the hour are used up.
    answer = refuse(429, 'TOO_MANY_REQUESTS')
    await tap(8)
    await click('[data-testid="submit"]')
    await ack('game/turn', { success: false, error: { code: 'WORD_DOES_NOT_EXIST', message: '' } })
    await click('[data-testid="report-word"]')
    expect(text('[data-testid="report-state"]')).toBe(en.insight.report.limited)
  })
})

describe('the base under attack (SPEC.md §4)', () => {
  test('marked on the board and beside the base count while the game is on', async () => {
    const game = drawnGame(['C*aTSE', '*onerd', 'limpa', 'gushy', '*b*o*x*e*n'])
    await mount(game)
    expect(withClass('cell--attacked')).toEqual([1])
    expect(cell(1).getAttribute('aria-label')).toContain(en.insight.attack.cell)
    expect($('[data-testid="attacked-0"]')?.textContent).toContain(en.insight.attack.base)
    expect($('[data-testid="attacked-1"]')).toBeNull()
    await mount(
      Object.assign(drawnGame(['C*aTSE', '*onerd', 'limpa', 'gushy', '*b*o*x*e*n']), {
        state: 'over',
        winner: 1,
        gameoverReason: 'giveup',
        isFinished: true,
      }) as GameView,
    )
    expect(withClass('cell--attacked')).toEqual([])
  })
})

describe('claiming the win', () => {
  test('asks first; only the confirmation sends it', async () => {
    // Classic clock, the opponent's turn started long ago (RULES §7: the win may be claimed).
    const { sentPayloads } = await mount(drawnGame(ROWS, { turn: 1 }))
    await click('[data-testid="take-win"]')
    expect(text('.dialog h2')).toBe(en.insight.takeWin.title)
    expect(text('.dialog p')).toBe('Bob has run out of time. The game ends now and you win.')
    expect(sentPayloads('takeWin')).toEqual([])
    await click('.dialog .button--ghost')
    expect(sentPayloads('takeWin')).toEqual([])
    await click('[data-testid="take-win"]')
    await click('[data-testid="confirm"]')
    expect(sentPayloads('takeWin')).toEqual([{ gameId: 'g1' }])
  })
})

describe('the notebook', () => {
  const notebook = (words: string[]) => (call: Call) =>
    call.path === '/api/games/g1/notebook' ? ok({ words }) : undefined

  test('free: 5 words, and the limit says what PRO adds; no sorting, no marks', async () => {
    await mount(againstComputer(), { reply: notebook(['zebra', 'one']) })
    await click('[data-testid="notebook-toggle"]')
    expect(text('[data-testid="notebook-note"]')).toBe(
      '2 of 5 words. PRO: unlimited, sorting, and the words you can play now marked.',
    )
    expect($('[data-testid="notebook-sort"]')).toBeNull()
    expect($('[data-testid="notebook-play"]')).toBeNull()
  })

  test('PRO: sorted as chosen; a word playable now is marked and put on the board when tapped', async () => {
    const { store } = await mount(againstComputer(), {
      profile: PRO,
      reply: notebook(['zebra', 'one', 'gush']),
    })
    await click('[data-testid="notebook-toggle"]')
    expect(text('[data-testid="notebook-note"]')).toBe(en.insight.notebook.proNote)
    const order = () =>
      [...document.querySelectorAll('[data-testid="notebook-words"] li')].map(
        (li) => (li as HTMLElement).dataset.word,
      )
    expect(order()).toEqual(['zebra', 'one', 'gush'])
    await act(async () => {
      const select = $('[data-testid="notebook-sort"]') as HTMLSelectElement
      select.value = 'alpha'
      select.dispatchEvent(new Event('change', { bubbles: true }))
    })
    expect(order()).toEqual(['gush', 'one', 'zebra'])
    expect([...document.querySelectorAll('[data-testid="notebook-play"]')].map((b) => b.textContent)).toEqual(
      ['▶ ONE'],
    )
    await click('[data-testid="notebook-play"]')
    expect(store.path.value).toEqual([5, 6, 7])
    expect($('[data-testid="notebook-sheet"]')).toBeNull()
  })
})

describe('a soft keyboard', () => {
  test('the page knows when the window drops below 80% of its height, and again when it is back', async () => {
    const tall = window.innerHeight
    await mount(againstComputer())
    const resize = async (height: number) => {
      await act(async () => {
        Object.defineProperty(window, 'innerHeight', { value: height, configurable: true })
        window.dispatchEvent(new Event('resize'))
      })
    }
    try {
      expect($('[data-testid="game"]')?.className).not.toContain('game--keyboard')
      await resize(Math.floor(tall * 0.6))
      expect($('[data-testid="game"]')?.className).toContain('game--keyboard')
      expect($('[data-testid="game"]')?.style.getPropertyValue('--visible-height')).toBe(
        `${Math.floor(tall * 0.6)}px`,
      )
      await resize(tall)
      expect($('[data-testid="game"]')?.className).not.toContain('game--keyboard')
    } finally {
      Object.defineProperty(window, 'innerHeight', { value: tall, configurable: true })
    }
  })
})
