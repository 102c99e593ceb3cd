/**
 * The game page as a new player meets it, in Chromium against the real server, on a phone and a
 * desktop, in Russian and English: a whole game against the computer where every move of the
 * computer is announced and listed and its path drawn, ending in a result banner that says why,
 * with Play again; and a blitz turn left to run out (the server's clock and the page's clock moved
 * together) that counts down, warns, and says the turn was skipped. On every screen: nothing wider
 * than the viewport, and on the phone every action control in view without scrolling.
 */
import { describe, expect, test } from 'bun:test'
import type { BrowserContext } from 'playwright-core'
import {
  computerId,
  type GameView,
  type PlayedMove,
  type Side,
  TIME_MODE_CONFIG,
} from '../../engine/index.ts'
import en from '../../locales/en.json'
import ru from '../../locales/ru.json'
import { bearer, signIn, type TestServer } from '../server/harness.ts'
import { knownGameOfNewPlayers } from '../server/known-board.ts'
import { DESKTOP, newContext, PHONE, screenshotThemes as shoot, watchErrors } from './browser.ts'
import { e2eFixture, signInContext } from './fixture.ts'
import { expectInViewWithoutScrolling, expectNothingWider } from './layout.ts'
import { playTurn, RESULT_CONTROLS, strongMove, surrender, waitForTurnOrEnd, waitForVersion } from './play.ts'

type Lang = 'en' | 'ru'
const TEXTS = { en, ru }
const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key]))

/** The controls of the action bar that must be in view on a phone. */
const ACTION_CONTROLS = ['[data-testid="submit"]', '[data-testid="clear"]', '.tools .tool']

async function openGame(
  server: TestServer,
  context: BrowserContext,
  lang: Lang,
  type: 'classic' | 'blitz',
  fakeClock = false,
) {
  const auth = await signIn(server, `Newbie ${lang} ${type} ${Date.now() % 100_000}`)
  const created = await server.api.api['waiting-rooms'].post(
    { type, mode: 'computer', lang, extraParams: { level: 'veryEasy' } },
    bearer(auth.token),
  )
  const gameId = created.data?.data.room.gameId as string
  const url = new URL(server.url)
  await context.addCookies([
    { name: 'auth', value: encodeURIComponent(JSON.stringify(auth)), domain: url.hostname, path: '/' },
  ])
  await context.addInitScript(() => localStorage.setItem('tutor-checked', '1'))
  const page = await context.newPage()
  // Chromium's fake clock (time flows until moved on), so a test can move it with the server's.
  if (fakeClock) await page.clock.install()
  const errors = watchErrors(page)
  await page.goto(`${server.url}${lang === 'en' ? '/en' : ''}/game/${gameId}`)
  await page.waitForSelector('[data-testid="game"][data-state="active"]', { timeout: 15_000 })
  return { page, errors, gameId, auth }
}

async function movesOf(server: TestServer, gameId: string): Promise<PlayedMove[]> {
  return (await server.games.moves(gameId)) ?? []
}

/** The banner's sentence for this end, straight from the locale (the page must say exactly this). */
function expectedReason(lang: Lang, game: GameView): string {
  const winner = game.winner as Side
  const loser = (1 - winner) as Side
  const names = [game.players[0].user.name, TEXTS[lang].game.computerName]
  const how =
    game.gameoverReason === 'gameover'
      ? game.board.cells.some((c) => c.owner === loser)
        ? 'baseTaken'
        : 'noCells'
      : game.gameoverReason === 'timeout'
        ? game.players[loser].skips >= 3
          ? 'skips'
          : 'bank'
        : (game.gameoverReason as 'giveup' | 'noWord' | 'takeWin')
  const template = TEXTS[lang].game.end[how][winner === 0 ? 'won' : 'lost']
  return fill(template, { winner: names[winner], loser: names[loser] })
}

describe('the game page', () => {
  const e2e = e2eFixture({ COMPUTER_DELAY_MS: '30-80' })

  test('hydration adopts the board the server sent: no cell is thrown away and built again', async () => {
    const context = await newContext(e2e.browser, { viewport: PHONE, locale: 'en' })
    // Counts, from the document's first byte, every board cell taken out of the page.
    await context.addInitScript(() => {
      const page = window as unknown as { removedCells: number }
      page.removedCells = 0
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (node instanceof Element && (node.matches('[data-cell]') || node.querySelector('[data-cell]')))
              page.removedCells++
      }).observe(document, { childList: true, subtree: true })
    })
    const { page, errors } = await openGame(e2e.server, context, 'en', 'classic')
    await page.waitForSelector('html[data-initialised]')
    expect(await page.locator('[data-cell]').count()).toBeGreaterThan(0)
    expect(await page.evaluate(() => (window as unknown as { removedCells: number }).removedCells)).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  for (const [lang, size] of [
    ['en', PHONE],
    ['ru', DESKTOP],
  ] as const) {
    test(`a whole game against the computer, every move announced and listed, a result with Play again (${lang}, ${size.width}x${size.height})`, async () => {
      const { server, browser } = e2e
      const context = await newContext(browser, { viewport: size, locale: lang })
      const { page, errors, gameId } = await openGame(server, context, lang, 'classic')
      const texts = TEXTS[lang].game
      const computer = texts.computerName
      const phone = size === PHONE

      // The player's base is at the bottom, in the home colour (the player is side 0: row 0).
      const first = (await server.games.view(gameId)) as GameView
      const n = first.board.size
      const boardBox = await page.locator('[data-testid="board"]').boundingBox()
      const ownBase = await page.locator(`[data-cell="0"]`).boundingBox()
      expect(ownBase!.y).toBeGreaterThan(boardBox!.y + boardBox!.height * (1 - 1.5 / n))
      expect(await page.getAttribute('[data-cell="0"]', 'class')).toContain('cell--home')
      expect(await page.getAttribute(`[data-cell="${n * n - 1}"]`, 'class')).toContain('cell--away')
      // Points and territory side by side: both sides' cells and base rows.
      expect(await page.textContent('[data-testid="territory-0"]')).toContain(
        fill(texts.territory.base, { n, total: n }),
      )
      // The player's name has room beside the points and the clock (in the desktop's 18rem column
      // the clock once left it one letter): at least ten letters show.
      const name = await page.$eval('[data-testid="player-0"] .player__name-text', (el) => ({
        shown: el.clientWidth,
        letter: el.scrollWidth / (el.textContent?.length || 1),
      }))
      expect(name.shown).toBeGreaterThanOrEqual(10 * name.letter)

      let turns = 0
      let checkedSheets = false
      let announced = 0
      for (;;) {
        if ((await waitForTurnOrEnd(page, 0)) === 'over') break
        const view = (await server.games.view(gameId)) as GameView
        await waitForVersion(page, view.ts)
        const moves = await movesOf(server, gameId)
        // Every move is listed, in order, with its side and word.
        const listed = await page.$$eval('[data-testid="move"]', (items) =>
          items.map((li) => ({
            side: Number(li.getAttribute('data-side')),
            word: li.getAttribute('data-word'),
          })),
        )
        expect(listed).toEqual(moves.map((m) => ({ side: m.side, word: m.kind === 'turn' ? m.word : '' })))
        const last = moves.at(-1)
        if (last?.kind === 'turn' && last.side === 1) {
          // The computer's move in words, and its path on the board.
          expect(await page.textContent('[data-testid="news"]')).toBe(
            fill(texts.news.played, { name: computer, word: last.word.toUpperCase(), n: last.score ?? 0 }),
          )
          expect(await page.getAttribute('[data-testid="last-path"]', 'data-cells')).toBe(
            last.cellIds.join(','),
          )
          announced++
        }
        // Whose turn it is, said once, on the right card.
        expect(await page.textContent('[data-testid="player-0"] [data-testid="turn-marker"]')).toBe(
          texts.yourTurn,
        )
        if (turns === 1) {
          await expectNothingWider(page)
          // Play, Clear and eight tools: three boosters, hint, danger map, notebook, reactions, surrender.
          if (phone)
            expect(await expectInViewWithoutScrolling(page, ACTION_CONTROLS)).toBeGreaterThanOrEqual(10)
          expect(await page.locator('[data-testid="danger-toggle"]').count()).toBe(1)
          // A tap on a cell that cannot be used says why instead of doing nothing.
          const far = view.board.cells.find((c) => c.available !== 0 && c.available !== 'any')
          if (far) {
            await page.click(`[data-cell="${far.id}"]`, { force: true })
            expect(await page.textContent('[data-testid="tip"]')).toBe(
              far.specials.freeze ? texts.why.frozen : texts.why.far,
            )
          }
          // Hints missing below level 3 say so.
          await page.click('[data-testid="hint"]')
          expect(await page.textContent('[data-testid="tip"]')).toBe(fill(texts.hints.locked, { level: 0 }))
          await shoot(page, `game-${lang}`, size)
        }
        if (!checkedSheets) {
          // The notebook and reactions open as sheets with every control in view.
          for (const [toggle, sheet, content] of [
            ['notebook-toggle', 'notebook-sheet', '[data-testid="notebook"]'],
            ['reactions-toggle', 'reactions-sheet', '.reactions-panel'],
          ]) {
            await page.click(`[data-testid="${toggle}"]`)
            // The notebook's content arrives after its sheet (loaded on the first tap) and moves the
            // sheet's header: a tap on Close while it lands can hit the title instead.
            await page.waitForSelector(`[data-testid="${sheet}"] ${content}`)
            await expectInViewWithoutScrolling(page, [
              `[data-testid="${sheet}"] button`,
              `[data-testid="${sheet}"] input`,
            ])
            await page.click('[data-testid="sheet-close"]')
          }
          checkedSheets = true
        }
        // Boxed in with no word left (the random board decides): the player gives up, as one would.
        if (!strongMove(view, 0)) {
          await surrender(page)
          break
        }
        await playTurn(page, server, gameId, 0, turns % 2 ? 'tap' : 'drag')
        turns++
        if (turns > 60) throw new Error('the game did not end in 60 turns')
      }
      expect(turns).toBeGreaterThan(2)
      expect(announced).toBeGreaterThan(0)

      // The end: the banner on the board says who won and how, with Play again; no play controls.
      const over = (await server.games.view(gameId)) as GameView
      const banner = page.locator('[data-testid="final"]')
      await banner.waitFor()
      expect(await banner.getAttribute('data-reason')).toBe(over.gameoverReason)
      expect(await page.textContent('[data-testid="final-reason"]')).toBe(expectedReason(lang, over))
      expect(await page.locator('[data-testid="actionbar"]').count()).toBe(0)
      expect(await page.locator('[data-testid="submit"]').count()).toBe(0)
      const movesAtEnd = await movesOf(server, gameId)
      expect(await page.locator('[data-testid="move"]').count()).toBe(movesAtEnd.length)
      await page.waitForSelector('[data-testid="rating-delta"]')
      // With the review's line and its actions the result still fits over the board: nothing in it
      // scrolls or is cut off.
      await page.waitForSelector('[data-testid="review"][data-status="ready"]', { timeout: 20_000 })
      await page.waitForSelector('[data-testid="review-line"]')
      expect(
        await page.$eval('.result__card', (card) => card.scrollHeight - card.clientHeight),
      ).toBeLessThanOrEqual(1)
      await expectNothingWider(page)
      if (phone) await expectInViewWithoutScrolling(page, RESULT_CONTROLS)
      await shoot(page, `game-end-${lang}`, size)

      // Play again: a new game at the same level, and the page goes there.
      await page.click('[data-testid="play-again"]')
      await page.waitForURL((url) => url.pathname.includes('/game/') && !url.pathname.endsWith(gameId))
      const next = new URL(page.url()).pathname.split('/').at(-1) as string
      expect((await server.games.view(next))?.opponents[1]).toBe(computerId('veryEasy'))
      expect(errors).toEqual([])
      await context.close()
    }, 180_000)
  }

  // On a known board with the points for it (a random game may end before the player has 30).
  for (const [lang, size] of [
    ['en', PHONE],
    ['ru', DESKTOP],
  ] as const)
    test(`the mutagen's letter picker: a sheet with every letter in reach, cancelled (${lang}, ${size.width}x${size.height})`, async () => {
      const { server, browser } = e2e
      const { a, gameId } = await knownGameOfNewPlayers(server, `Mutant ${lang}`, {
        options: { boostersOn: true },
        shape: (g) => {
          g.players[0].score = 40
        },
      })
      const context = await newContext(browser, { viewport: size, locale: lang })
      await signInContext(context, server, a)
      const page = await context.newPage()
      const errors = watchErrors(page)
      await page.goto(`${server.url}${lang === 'en' ? '/en' : ''}/game/${gameId}`)
      await page.waitForSelector('[data-testid="game"][data-state="active"]')
      const view = (await server.games.view(gameId)) as GameView
      const n = view.board.size
      const target = view.board.cells.find((c) => c.row > 0 && c.row < n - 1 && !c.specials.freeze)!
      await page.click('[data-testid="booster-mutation"]')
      await page.click(`[data-cell="${target.id}"]`)
      await page.waitForSelector('[data-testid="letter-picker"]')
      expect(await expectInViewWithoutScrolling(page, ['.letter-choice'])).toBeGreaterThan(20)
      await page.click('[data-testid="sheet-close"]')
      expect(await page.locator('[data-testid="letter-picker"]').count()).toBe(0)
      // Nothing was bought: the points are still there.
      expect((await server.games.view(gameId))?.players[0].score).toBe(40)
      expect(errors).toEqual([])
      await context.close()
    }, 60_000)

  for (const [lang, size] of [
    ['ru', PHONE],
    ['en', DESKTOP],
  ] as const) {
    test(`a blitz turn left to run out: countdown, warning, skip notice (${lang}, ${size.width}x${size.height})`, async () => {
      const { server, browser } = e2e
      const context = await newContext(browser, { viewport: size, locale: lang })
      const { page, errors, gameId } = await openGame(server, context, lang, 'blitz', true)
      const texts = TEXTS[lang].game
      const limitMs = TIME_MODE_CONFIG.blitz.turnLimit * 1000
      expect(await waitForTurnOrEnd(page, 0)).toBe('turn')
      const view = (await server.games.view(gameId)) as GameView
      await waitForVersion(page, view.ts)
      const countdown = page.locator('[data-testid="player-0"] [data-testid="turn-countdown"]')
      expect(await countdown.textContent()).toMatch(/^1:(30|29|28)$/)
      // The opponent's card shows its bank, not a turn clock.
      expect(await page.locator('[data-testid="player-1"] [data-testid="turn-countdown"]').count()).toBe(0)

      const both = async (ms: number) => {
        server.clock.advance(ms)
        await page.clock.fastForward(ms)
      }
      // Eight seconds left: the card and the line warn.
      await both(view.turnStartedAt! + limitMs - 8000 - server.clock.now())
      await page.waitForSelector('[data-testid="player-0"].player--warn')
      expect(await countdown.textContent()).toMatch(/^0:0[789]$/)
      expect(await page.getAttribute('[data-testid="news"]', 'data-tone')).toBe('alert')
      expect(await page.textContent('[data-testid="news"]')).toMatch(
        new RegExp(`^${fill(texts.news.hurry, { n: '[789]' })}$`),
      )
      await expectNothingWider(page)
      if (size === PHONE) await expectInViewWithoutScrolling(page, ACTION_CONTROLS)
      await shoot(page, `blitz-warning-${lang}`, size)

      // Past the limit: the page stops saying "your turn" at once, before the server has spoken.
      await both(9000)
      await page.waitForFunction(
        (text) =>
          document.querySelector('[data-testid="player-0"] [data-testid="turn-marker"]')?.textContent ===
          text,
        texts.news.timeUp,
      )
      expect(await page.isDisabled('[data-testid="submit"]')).toBe(true)
      // The server forfeits the turn (its timer fires when it may; here it is asked at once).
      await (await server.games.live(gameId))!.tick()
      const notice = fill(texts.news.skippedYou.two, {})
      await page.waitForFunction(
        (text) =>
          document.querySelector('[data-testid="news"]')?.textContent === text ||
          document.querySelector('[data-testid="skip-notice"]')?.textContent === text,
        notice,
      )
      // The skip is in the move list, and the notice stays while the computer moves.
      const skips = await movesOf(server, gameId)
      expect(skips.filter((m) => m.kind === 'skip')).toEqual([
        expect.objectContaining({ kind: 'skip', side: 0 }),
      ])
      expect(await waitForTurnOrEnd(page, 0)).toBe('turn')
      const after = (await server.games.view(gameId)) as GameView
      await waitForVersion(page, after.ts)
      expect(after.players[0].skips).toBe(1)
      expect(await page.textContent('[data-testid="skip-notice"]')).toBe(notice)
      expect(await page.locator('[data-testid="move"][data-word=""]').count()).toBe(1)
      await shoot(page, `blitz-skipped-${lang}`, size)
      expect(errors).toEqual([])
      await context.close()
    }, 120_000)
  }
})
