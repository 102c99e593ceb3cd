/** Drives the real UI: sign in, start games, and play turns chosen by the engine's move generator. */
import { expect } from 'bun:test'
import type { Page } from 'playwright-core'
import {
  chooseMove,
  createRng,
  dictionaryMoveSource,
  type Game,
  type GameView,
  type MoveSource,
  type Side,
} from '../../engine/index.ts'
import { type TestServer, testDictionaries } from '../server/harness.ts'

/** Signs a new user in from the home page; a new user then lands on the tutor once (SPEC.md §2). */
export async function signInByNickname(page: Page, base: string, nickname: string): Promise<void> {
  await page.goto(`${base}/en`)
  // Signed out: the server sends the visitor to the sign-in page of their language.
  await page.waitForURL(`${base}/en/signin`)
  await page.fill('input[name="nickname"]', nickname)
  await page.click('button[type="submit"]')
  await page.waitForURL(`${base}/en/tutor`)
}

/** Opens home and waits until the profile and games are in. */
export async function openHome(page: Page, base: string, lang = 'en'): Promise<void> {
  await page.goto(lang === 'ru' ? base : `${base}/${lang}`)
  await page.waitForSelector('[data-testid="home"][data-ready]')
}

/** The game id of the page's /game/{id} URL. */
export function gameIdOf(page: Page): string {
  const match = /\/game\/([^/?#]+)/.exec(page.url())
  if (!match) throw new Error(`not on a game page: ${page.url()}`)
  return match[1]
}

export async function waitForGamePage(page: Page): Promise<string> {
  await page.waitForURL(/\/game\//)
  await page.waitForSelector('[data-testid="board"]')
  return gameIdOf(page)
}

/** Waits until the UI says it is this side's turn, or the game is over; answers which. */
export async function waitForTurnOrEnd(page: Page, side: Side, timeoutMs = 30_000): Promise<'turn' | 'over'> {
  const handle = await page.waitForFunction(
    (s) => {
      const game = document.querySelector('[data-testid="game"]')
      const state = game?.getAttribute('data-state')
      if (state === 'over' || state === 'expired') return 'over'
      const mine = document.querySelector(`[data-testid="player-${s}"] [data-testid="turn-marker"]`)
      return mine ? 'turn' : null
    },
    side,
    { timeout: timeoutMs, polling: 50 },
  )
  return (await handle.jsonValue()) as 'turn' | 'over'
}

/** A strong word for `side` in the game as the server holds it. */
export function strongMove(view: GameView, side: Side, seed = 1): { word: string; cellIds: number[] } {
  const dict = testDictionaries().get(view.lang, view.options.dictType)
  if (!dict) throw new Error(`no ${view.lang} dictionary`)
  const decision = chooseMove(
    view as Game,
    side,
    'hard',
    dict,
    dictionaryMoveSource(dict) as MoveSource,
    createRng(seed),
  )
  if (!decision) throw new Error('no playable word')
  return { word: decision.word, cellIds: decision.cellIds }
}

export function hasMove(view: GameView, side: Side): boolean {
  try {
    strongMove(view, side)
    return true
  } catch {
    return false
  }
}

async function cellCenter(page: Page, id: number): Promise<{ x: number; y: number }> {
  const box = await page.locator(`[data-cell="${id}"]`).boundingBox()
  if (!box) throw new Error(`cell ${id} is not on screen`)
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/** Selects a path by tapping cell after cell. */
export async function tapPath(page: Page, cellIds: number[]): Promise<void> {
  for (const id of cellIds) await page.click(`[data-cell="${id}"]`)
}

/** Selects a path with one drag through the cells' centres. */
export async function dragPath(page: Page, cellIds: number[]): Promise<void> {
  const first = await cellCenter(page, cellIds[0])
  await page.mouse.move(first.x, first.y)
  await page.mouse.down()
  for (const id of cellIds.slice(1)) {
    const c = await cellCenter(page, id)
    await page.mouse.move(c.x, c.y, { steps: 4 })
  }
  await page.mouse.up()
}

/** Plays one turn through the UI and waits for the server to accept it. */
export async function playTurn(
  page: Page,
  server: TestServer,
  gameId: string,
  side: Side,
  how: 'tap' | 'drag' = 'tap',
): Promise<string> {
  const view = await server.games.view(gameId)
  if (!view) throw new Error('game vanished')
  const move = strongMove(view, side, view.turn + 1)
  if (how === 'drag') await dragPath(page, move.cellIds)
  else await tapPath(page, move.cellIds)
  // The preview spells the word before it is sent.
  expect((await page.textContent('[data-testid="word"]'))?.toLowerCase()).toContain(move.word)
  await page.click('[data-testid="submit"]')
  await page.waitForFunction(
    (ts) => {
      const marker = document.querySelector('[data-testid="word"] .word__text')
      return !marker && document.querySelector('[data-testid="game"]') !== null && ts >= 0
    },
    view.ts,
    { timeout: 10_000, polling: 50 },
  )
  const after = await server.games.view(gameId)
  expect(after!.ts).toBeGreaterThan(view.ts)
  expect(after!.wordsUsed).toContain(move.word)
  return move.word
}
