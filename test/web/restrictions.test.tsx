/**
 * SPEC.md §8 restriction alerts where the action happens, never "Unknown error: NO_COINS_ENOUGH":
 * Play again and a rematch on the result, skipping a result, and a daily attempt. Each opens the
 * alert with its way to the shop, and the shop opens right there.
 */
import { describe, expect, test } from 'bun:test'
import { act } from 'react'
import type { GameView } from '../../engine/index.ts'
import { computerId } from '../../engine/index.ts'
import en from '../../locales/en.json'
import type { DailiesAnswer } from '../../src/dailies/types.ts'
import { Daily } from '../../web/islands/Daily.tsx'
import { finishedGame } from './board-fixture.ts'
import { withDom } from './dom.ts'
import { FakeSocket } from './fake-socket.ts'
import { $, click, gameMounter } from './game-mount.tsx'
import { type Call, initOk, okReply as ok, pageProps, refusedReply, settle, testHost } from './host.ts'
import { islandMounter } from './island-mount.tsx'

withDom()
const islands = islandMounter()

const ROWS = ['CATSE', 'onerd', 'limpa', 'gushy', '*b*o*x*e*n']
const refuse = (code: string) => refusedReply(409, code)

const games = gameMounter()

const buttonNamed = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement

const over = (uids: [string, string], patch: Partial<GameView> = {}) => finishedGame(ROWS, uids, patch)

describe('on the result', () => {
  test('Play again without coins: the coins alert, and its shop opens on this page', async () => {
    await games.mount(over(['u1', computerId('easy')]), {
      reply: (call: Call) => (call.path === '/api/waiting-rooms' ? refuse('NO_COINS_ENOUGH') : undefined),
    })
    await click('[data-testid="play-again"]')
    expect($('[data-testid="restriction"]')?.dataset.kind).toBe('coins')
    expect($('[data-testid="restriction"]')?.textContent).toBe(en.restriction.coinsText)
    expect($('.result__failed')).toBeNull()
    expect(document.body.textContent).not.toContain('Unknown error')
    await act(async () => buttonNamed(en.restriction.toShop).click())
    expect($('[data-testid="restriction"]')).toBeNull()
    expect($('.dialog h2')?.textContent).toBe(en.shop.title)
    expect($('.tab[aria-selected="true"]')?.textContent).toBe(en.shop.tab.coins)
  })

  test('a rematch refused for want of a game slot: the slots alert, not the code', async () => {
    const mounted = await games.mount(over(['u1', 'u2']))
    await click('[data-testid="play-again"]')
    await mounted.ack('game/rematch', { success: false, error: { code: 'NO_GAME_SLOTS', message: '' } })
    expect($('[data-testid="restriction"]')?.dataset.kind).toBe('gameSlots')
    expect($('.result__failed')).toBeNull()
    expect(mounted.island.notices.list.value).toEqual([])
  })

  test('skipping a lost result without the coins for it: the coins alert instead of an error', async () => {
    const game = over(['u1', 'u2'], {
      winner: 1,
      results: [
        { skipped: false, ratingDelta: -8 },
        { skipped: false, ratingDelta: 8 },
      ],
    })
    const mounted = await games.mount(game)
    await act(async () => buttonNamed('Skip this result (80 coins)').click())
    await click('[data-testid="confirm"]')
    await mounted.ack('game/skipResult', { success: false, error: { code: 'NO_COINS_ENOUGH', message: '' } })
    expect($('[data-testid="restriction"]')?.dataset.kind).toBe('coins')
    expect(mounted.island.notices.list.value).toEqual([])
  })

  test('the server’s own system message opens the alert on the game page too', async () => {
    await games.mount(over(['u1', 'u2']))
    await act(async () => {
      FakeSocket.all[0].receive({
        type: 'system',
        event: 'no_game_slots',
        payload: {},
        timestamp: Date.now(),
      })
    })
    expect($('[data-testid="restriction"]')?.dataset.kind).toBe('gameSlots')
  })
})

describe('the daily', () => {
  test('an attempt without a free game slot: the slots alert with the shop, not "could not start"', async () => {
    const day = '2026-01-10'
    const answer: DailiesAnswer = {
      serverTime: Date.now(),
      day,
      dailies: [
        {
          _id: `${day}-en-daily-0`,
          key: 'daily-0',
          day,
          lang: 'en',
          isPublic: true,
          active: true,
          level: 'medium',
          timeMode: 'classic',
          endsAt: Date.now() + 3_600_000,
        },
      ],
      ratings: [],
      bestAttempts: [],
    }
    const t = testHost(
      (call) => {
        if (call.path === '/api/init') return initOk()
        if (call.path === '/api/dailies') return ok(answer)
        if (call.path.endsWith('/attempts')) return refuse('NO_GAME_SLOTS')
        return { status: 404, body: { success: false, error: { code: 'NOT_FOUND', message: '' } } }
      },
      { cookies: `auth=${encodeURIComponent(JSON.stringify({ token: 'tok', uid: 'u1' }))}` },
    )
    await islands.mount(
      Daily,
      pageProps({ path: '/daily', titleKey: 'screens.daily', access: 'auth' }),
      t.host,
    )
    await act(async () => buttonNamed(en.daily.play).click())
    await act(() => settle())
    expect($('[data-testid="restriction"]')?.dataset.kind).toBe('gameSlots')
    expect(document.body.textContent).not.toContain(en.home.startFailed)
    await act(async () => buttonNamed(en.restriction.toShop).click())
    expect($('.dialog h2')?.textContent).toBe(en.shop.title)
  })
})
