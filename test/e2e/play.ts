/** Drives the real UI: sign in, start games, and play turns chosen by the engine's move generator. */
import { expect } from 'bun:test'
import type { Page } from 'playwright-core'
import { wordPicker } from '../../bench/lib/client-move.ts'
import type { GameView, Side } from '../../engine/index.ts'
import type { Move } from '../../engine/server.ts'
import { type TestServer, testDictionaries } from '../server/harness.ts'

/** What a player can do from the result on the board; on a phone all of it is on screen. */
export const RESULT_CONTROLS = [
  '[data-testid="play-again"]',
  '[data-testid="final-home"]',
  '[data-testid="open-review"]',
  '[data-testid="share"]',
]

/** Signs a new user in from the home page; a new user then lands on the tutor once (SPEC.md §2). */
export async function signInByNickname(page: Page, base: string, nickname: string): Promise<void> {
  await page.goto(`${base}/en`)
  // Signed out: the server sends the visitor to the sign-in page of their language.
  await page.waitForURL(`${base}/en/signin`)
  await page.fill('input[name="nickname"]', nickname)
  await page.click('button[type="submit"]')
  await page.waitForURL(`${base}/en/tutor`)
}

/**
 * Signs a new user in on the sign-in page of `lang` (the language the test means, whatever the
 * browser's); like any new user they land on the tutor once.
 */
export async function signInAt(page: Page, base: string, lang: string, nickname: string): Promise<void> {
  const prefix = lang === 'ru' ? '' : `/${lang}`
  await page.goto(`${base}${prefix}/signin`)
  await page.fill('input[name="nickname"]', nickname)
  await page.click('button[type="submit"]')
  await page.waitForURL(`${base}${prefix}/tutor`)
}

/**
 * Waits until the page is at `url`, however many navigations lead there: when two start at once
 * (a click and a socket's word both sending the page to sign-in), the later one aborts the
 * earlier, and waitForURL reports that abort as a failure.
 */
export async function landOn(page: Page, url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      await page.waitForURL(url, { timeout: Math.max(deadline - Date.now(), 1) })
      return
    } catch (err) {
      if (!/ERR_ABORTED|frame was detached/.test(String(err)) || Date.now() > deadline) throw err
    }
  }
}

/**
 * Opens home and waits until the profile, the games and the daily teaser are in. The teaser's
 * dailies arrive last and push what is below them (the links, the shop's button) down: a click
 * aimed before that lands where the button was (seen once in ten runs on a desktop viewport).
 */
export async function openHome(page: Page, base: string, lang = 'en'): Promise<void> {
  await page.goto(lang === 'ru' ? base : `${base}/${lang}`)
  await page.waitForSelector('[data-testid="home"][data-ready]')
  await page.waitForSelector('[data-testid="daily-teaser"][data-ready]')
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

/** Waits until the page shows version `ts` of its game or a later one (the server pushes it). */
export async function waitForVersion(page: Page, ts: number, timeoutMs = 30_000): Promise<void> {
  await page.waitForFunction(
    (at) => Number(document.querySelector('[data-testid="game"]')?.getAttribute('data-ts') ?? -1) >= at,
    ts,
    { timeout: timeoutMs, polling: 50 },
  )
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

/** The best new word for `side` in the game as the server holds it (what level hard plays); null: none. */
export function strongMove(view: GameView, side: Side): Move | null {
  const dict = testDictionaries().get(view.lang, view.options.dictType)
  if (!dict) throw new Error(`no ${view.lang} dictionary`)
  return wordPicker(dict).best(view, side)
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

/**
 * Plays one turn of `side` through the UI: the page first shows the server's current version (so
 * it is this side's turn on screen too), then the word is selected, previewed and sent, and the
 * call returns once the page shows the version its turn made.
 */
export async function playTurn(
  page: Page,
  server: TestServer,
  gameId: string,
  side: Side,
  how: 'tap' | 'drag' = 'tap',
): Promise<string> {
  const view = await server.games.view(gameId)
  if (!view) throw new Error('game vanished')
  expect(view.turnAvailable).toBe(side)
  const move = strongMove(view, side)
  if (!move) throw new Error('no playable word')
  await waitForVersion(page, view.ts)
  if (how === 'drag') await dragPath(page, move.cellIds)
  else await tapPath(page, move.cellIds)
  // The preview spells the word before it is sent.
  expect((await page.textContent('[data-testid="word"]'))?.toLowerCase()).toContain(move.word)
  await page.click('[data-testid="submit"]')
  await waitForVersion(page, view.ts + 1)
  const after = await server.games.view(gameId)
  expect(after!.wordsUsed).toContain(move.word)
  return move.word
}

/** Surrenders through the UI, confirmed; returns once the page shows the game over. */
export async function surrender(page: Page): Promise<void> {
  await page.click('[data-testid="giveup"]')
  await page.click('[data-testid="confirm"]')
  await page.locator('[data-testid="final"]').waitFor()
}

/**
 * Plays side 0 through the UI (the first word dragged, the rest tapped) until the game is over, or
 * for `upTo` words and then gives up (a finished game sooner); answers the number of turns played.
 */
export async function playToTheEnd(page: Page, server: TestServer, gameId: string, upTo = 60) {
  let turns = 0
  let how: 'drag' | 'tap' = 'drag'
  for (;;) {
    const next = await waitForTurnOrEnd(page, 0)
    if (next === 'over') break
    if (turns === upTo) {
      if (upTo === 60) throw new Error('the game did not end in 60 turns')
      await surrender(page)
      break
    }
    // Boxed in with no word left: a player gives up (the board decides it, not the test).
    if (!strongMove((await server.games.view(gameId)) as GameView, 0)) {
      await surrender(page)
      break
    }
    await playTurn(page, server, gameId, 0, how)
    how = 'tap'
    turns++
  }
  await page.locator('[data-testid="final"]').waitFor()
  return turns
}
