/**
 * The newcomer's views, server-rendered then hydrated (happy-dom): the sign-in page (pitch, board,
 * invitation, return to the room), How to play for a visitor, a friend's room link on home, My
 * games' results and the shop on servers with and without Telegram payments.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { act } from 'react'
import { type GameView, toView } from '../../engine/index.ts'
import en from '../../locales/en.json'
import { shopCatalogue } from '../../src/economy/catalogue.ts'
import type { Features } from '../../web/session/store.ts'
import { drawnGame } from './board-fixture.ts'
import { withDom } from './dom.ts'
import { AUTH_OK, type Call, initOk, type Reply, SIGNED_IN, settle } from './host.ts'
import { hydrate, serve, unmountHydrated } from './page.ts'

withDom()

const AUTH_COOKIE = `auth=${encodeURIComponent(JSON.stringify({ token: 'tok', uid: 'u1' }))}`
const $ = (selector: string) => document.querySelector(selector)
const text = (selector: string) => $(selector)?.textContent ?? null

afterEach(() => {
  unmountHydrated()
  document.body.innerHTML = ''
  history.replaceState(null, '', '/')
})

async function typeAndSubmit(nickname: string) {
  const input = $('input[name="nickname"]') as HTMLInputElement
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  await act(async () => {
    setValue?.call(input, nickname)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
  await act(async () => ($('button[type="submit"]') as HTMLButtonElement).click())
  await act(() => settle())
}

/** An /api/init answer with games, shop items, features or profile fields of the test's choosing. */
function initWith(
  over: { games?: GameView[]; features?: Features; profile?: Record<string, unknown>; level?: number } = {},
) {
  const answer = initOk('tok', 'u1', {
    ...over.profile,
    ...(over.level === undefined ? {} : { level: over.level }),
  })
  const data = answer.body.data as Record<string, unknown>
  data.shop = { items: shopCatalogue() }
  if (over.games) data.games = over.games
  if (over.features) data.features = over.features
  return answer
}

const ok = (data: unknown) => ({ status: 200, body: { success: true, data } })
const refused = (status: number, code: string) => ({
  status,
  body: { success: false, error: { code, message: code } },
})

describe('the sign-in page', () => {
  test("pitches the game, shows the friend's invitation and returns to the room in the page's language", async () => {
    serve('/signin', 'en', null, undefined, { next: '/?room=AB12CD' })
    const page = await hydrate(() => AUTH_OK('tok-9', 'u9'))
    expect(page.errors).toEqual([])
    expect(text('[data-testid="pitch"]')).toBe(en.signin.pitch)
    expect(document.querySelectorAll('.demo-board__cell')).toHaveLength(25)
    expect(text('.demo__words')).toBe('PLAY +4LINK +4WORD +4')
    expect(text('[data-testid="invite"]')).toContain('AB12CD')
    expect($('[data-testid="how-to-play"]')?.getAttribute('href')).toBe('/en/tutorial')
    // Switching the language keeps where the visitor is going.
    expect($('.lang-switcher a[hreflang="ru"]')?.getAttribute('href')).toBe(
      '/signin?next=%2F%3Froom%3DAB12CD',
    )
    await typeAndSubmit('Anna')
    expect(page.navigations).toEqual(['/en?room=AB12CD'])
  })

  test('without a room there is no invitation, and sign-in goes home', async () => {
    serve('/signin', 'ru', null)
    const page = await hydrate(() => AUTH_OK())
    expect($('[data-testid="invite"]')).toBeNull()
    expect(text('.demo__words')).toBe('ИГРА +4ЛИСА +4СЛОВО +5')
    expect($('[data-testid="how-to-play"]')?.getAttribute('href')).toBe('/tutorial')
    await typeAndSubmit('Анна')
    expect(page.navigations).toEqual(['/'])
  })

  test('a next that is another page (not a room) is returned to, without an invitation', async () => {
    serve('/signin', 'es', null, undefined, { next: '/tutorial' })
    const page = await hydrate(() => AUTH_OK())
    expect($('[data-testid="invite"]')).toBeNull()
    await typeAndSubmit('Ana')
    expect(page.navigations).toEqual(['/es/tutorial'])
  })
})

describe('How to play for a visitor', () => {
  test('the slides read without an account: no call at all (no /api/init, no reload loop), a way to sign in', async () => {
    serve('/tutorial', 'en', null)
    const page = await hydrate(() => refused(401, 'UNAUTHORIZED'))
    expect(page.errors).toEqual([])
    expect(page.calls).toEqual([])
    expect(page.reloads).toBe(0)
    expect(page.navigations).toEqual([])
    expect(page.initialised).toBe(1)
    expect(text('.slide h2')).toBe(en.tutorial.slides.basics.goal.title)
    await act(async () => ($('[data-testid="next-slide"]') as HTMLButtonElement).click())
    expect(text('.slide h2')).not.toBe(en.tutorial.slides.basics.goal.title)
    expect($('[data-testid="tutorial-game"]')).toBeNull()
    expect($('[data-testid="tutorial-signin"]')?.getAttribute('href')).toBe('/en/signin?next=%2Ftutorial')
    expect($('.app-header__signin')?.getAttribute('href')).toBe('/en/signin?next=%2Ftutorial')
  })

  test('signed in, the tutorial offers its games and no sign-in', async () => {
    serve('/tutorial', 'en', AUTH_COOKIE)
    const page = await hydrate(SIGNED_IN, { cookies: AUTH_COOKIE })
    expect(page.errors).toEqual([])
    expect(page.calls.map((c) => c.path)).toEqual(['/api/init'])
    expect($('[data-testid="tutorial-game"]')).not.toBeNull()
    expect($('[data-testid="tutorial-visitor"]')).toBeNull()
    expect($('.app-header__signin')).toBeNull()
  })
})

describe("a friend's room link on home", () => {
  const joinReply =
    (join: (call: Call) => { status: number; body: unknown }, level = 0): Reply =>
    (call) => {
      if (call.path === '/api/init') return initWith({ level })
      if (call.path === '/api/waiting-rooms/join') return join(call)
      return AUTH_OK()
    }

  test('a new player (level 0) joins the room and goes to the game, not to the tutor', async () => {
    history.replaceState(null, '', '/en?room=AB12CD')
    serve('/', 'en', AUTH_COOKIE)
    const page = await hydrate(
      joinReply(() => ok({ gameId: 'g9', observe: false })),
      { cookies: AUTH_COOKIE },
    )
    expect(page.errors).toEqual([])
    expect(page.calls.filter((c) => c.path === '/api/waiting-rooms/join')).toEqual([
      { method: 'POST', path: '/api/waiting-rooms/join', body: { roomId: 'AB12CD' } },
    ])
    expect(page.navigations).toEqual(['/en/game/g9'])
  })

  test('a room that is gone says so at the top of home, in words, and the tutor waits', async () => {
    history.replaceState(null, '', '/en?room=AB12CD')
    serve('/', 'en', AUTH_COOKIE)
    const page = await hydrate(
      joinReply(() => refused(404, 'NOT_FOUND')),
      { cookies: AUTH_COOKIE },
    )
    expect(text('[data-testid="link-join"]')).toBe(`Could not join room AB12CD: ${en.home.friend.gone}`)
    expect($('[data-testid="link-join"]')?.getAttribute('role')).toBe('alert')
    expect(page.navigations).toEqual([])
  })

  test('without a link a new player goes to the tutor once (SPEC.md §2)', async () => {
    serve('/', 'en', AUTH_COOKIE)
    const page = await hydrate(
      joinReply(() => refused(500, 'X')),
      { cookies: AUTH_COOKIE },
    )
    expect($('[data-testid="link-join"]')).toBeNull()
    expect(page.calls.some((c) => c.path === '/api/waiting-rooms/join')).toBe(false)
    expect(page.navigations).toEqual(['/en/tutor'])
  })
})

/** A finished (or running) game of u1 (side 0) against u2. */
function gameOf(id: string, state: GameView['state'], winner: 0 | 1 | null): GameView {
  const game = drawnGame(['abc', 'def', 'ghi'])
  const view = toView({ ...game, id, state, winner, isFinished: state !== 'active', updatedAt: 1 })
  return JSON.parse(JSON.stringify(view))
}

describe('My games', () => {
  test('finished games say won, lost or draw; a running one its status', async () => {
    serve('/', 'en', AUTH_COOKIE)
    const games = [
      gameOf('won', 'over', 0),
      gameOf('lost', 'over', 1),
      gameOf('draw', 'over', null),
      gameOf('live', 'active', null),
    ]
    const page = await hydrate(
      (call) => (call.path === '/api/init' ? initWith({ games, level: 1 }) : AUTH_OK()),
      { cookies: AUTH_COOKIE },
    )
    expect(page.errors).toEqual([])
    const shown = Object.fromEntries(
      [...document.querySelectorAll('.game-list__item')].map((a) => [
        a.getAttribute('href'),
        a.querySelector('.game-status')?.textContent,
      ]),
    )
    expect(shown).toEqual({
      '/en/game/live': en.home.status.yourTurn,
      '/en/game/won': en.home.result.won,
      '/en/game/lost': en.home.result.lost,
      '/en/game/draw': en.home.result.draw,
    })
  })
})

describe('the shop and Telegram', () => {
  async function openShop(features: Features, tgId: number) {
    serve('/', 'en', AUTH_COOKIE)
    const page = await hydrate(
      (call) => {
        if (call.path === '/api/init') return initWith({ features, level: 1, profile: { tgId } })
        if (call.path === '/api/shop/invoice') return ok({ link: 'https://t.me/$invoice' })
        return AUTH_OK()
      },
      { cookies: AUTH_COOKIE },
    )
    await act(async () => ($('[data-testid="open-shop"]') as HTMLButtonElement).click())
    return page
  }

  test('no bot on the server: "Buy in the Telegram app", prices without buttons, invite by room link', async () => {
    const page = await openShop({ telegramBot: false, payments: false }, 0)
    expect(text('[data-testid="telegram-only"]')).toBe(`${en.shop.telegramOnly}${en.shop.noBot}`)
    expect(document.querySelectorAll('[data-testid="buy"]')).toHaveLength(0)
    expect(document.querySelectorAll('[data-testid="price"]').length).toBeGreaterThan(0)
    expect($('[data-testid="invite"]')).toBeNull()
    expect(text('[data-testid="invite-by-link"]')).toBe(en.shop.inviteByLink)
    expect(page.calls.some((c) => c.path.startsWith('/api/shop') || c.path.startsWith('/api/telegram'))).toBe(
      false,
    )
  })

  test('a bot, but a web account without a Telegram id: told to buy in Telegram; invites by the bot stay', async () => {
    await openShop({ telegramBot: true, payments: true }, 0)
    expect(text('[data-testid="telegram-only"]')).toBe(`${en.shop.telegramOnly}${en.shop.needsTelegram}`)
    expect(document.querySelectorAll('[data-testid="buy"]')).toHaveLength(0)
    expect($('[data-testid="invite"]')).not.toBeNull()
  })

  test('a Telegram account on a server with payments gets buy buttons that ask for an invoice', async () => {
    const page = await openShop({ telegramBot: true, payments: true }, 42)
    expect($('[data-testid="telegram-only"]')).toBeNull()
    const buy = document.querySelectorAll<HTMLButtonElement>('[data-testid="buy"]')
    expect(buy.length).toBeGreaterThan(0)
    const opened: string[] = []
    const open = window.open
    window.open = ((url: string) => {
      opened.push(url)
      return null
    }) as typeof window.open
    try {
      await act(async () => buy[0].click())
      await act(() => settle())
    } finally {
      window.open = open
    }
    expect(page.calls.filter((c) => c.path === '/api/shop/invoice')).toHaveLength(1)
    expect(opened).toEqual(['https://t.me/$invoice'])
  })
})
