/**
 * What the game page adds beyond play, in Chromium against the real server (its review worker, its
 * dictionaries, its danger map), on a phone and a desktop, in English and Russian: a game played to
 * its end through the page, its review (the result's line, each move against the best word, a move
 * picked on the board, a word's meaning), then in the next game the danger map and a graded hint; a
 * refused word reported by a player, accepted by a developer on /dev, then played; and the layout
 * under a soft keyboard. Screenshots of each in light and dark.
 */
import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import {
  type Board,
  type DangerMap,
  type GameReview,
  type GameView,
  isUsableBy,
  neighbourTable,
  type Side,
} from '../../engine/index.ts'
import en from '../../locales/en.json'
import ru from '../../locales/ru.json'
import { translator } from '../../shared/i18n.ts'
import { users } from '../../src/db/schema/index.ts'
import { plural } from '../../web/plural.ts'
import { summaryLine } from '../../web/review/summary.ts'
import { bearer, signIn, type TestServer, testDictionaries } from '../server/harness.ts'
import { DESKTOP, newContext, PHONE, screenshot, screenshotThemes as shoot, watchErrors } from './browser.ts'
import { devSignIn, e2eFixture } from './fixture.ts'
import { expectInViewWithoutScrolling, expectNothingWider } from './layout.ts'
import { playToTheEnd, playTurn, RESULT_CONTROLS, tapPath, waitForTurnOrEnd, waitForVersion } from './play.ts'

type Lang = 'en' | 'ru'
const TEXTS = { en, ru }
const DEV_TG_ID = 880_077

async function signedIn(context: BrowserContext, server: TestServer, auth: { token: string; uid: string }) {
  await context.addCookies([
    {
      name: 'auth',
      value: encodeURIComponent(JSON.stringify(auth)),
      domain: new URL(server.url).hostname,
      path: '/',
    },
  ])
  await context.addInitScript(() => localStorage.setItem('tutor-checked', '1'))
}

/** A new player (level 3, so the games they start have hints) with a game against the computer. */
async function playerWithGame(server: TestServer, lang: Lang, nickname: string) {
  const auth = await signIn(server, nickname)
  await server.core.db.update(users).set({ level: 3, xp: 30 }).where(eq(users.id, auth.uid))
  const created = await server.api.api['waiting-rooms'].post(
    { type: 'classic', mode: 'computer', lang, extraParams: { level: 'veryEasy' } },
    bearer(auth.token),
  )
  return { auth, gameId: created.data?.data.room.gameId as string }
}

const prefix = (lang: Lang) => (lang === 'en' ? '/en' : '')

/** A new player's game against the computer, open in a browser of this size, under way. */
async function openPlayerGame(
  e2e: { server: TestServer; browser: Browser },
  lang: Lang,
  nickname: string,
  size = PHONE,
) {
  const { server, browser } = e2e
  const { auth, gameId } = await playerWithGame(server, lang, nickname)
  const context = await newContext(browser, { viewport: size, locale: lang })
  await signedIn(context, server, auth)
  const page = await context.newPage()
  const errors = watchErrors(page)
  await page.goto(`${server.url}${prefix(lang)}/game/${gameId}`)
  await page.waitForSelector('[data-testid="game"][data-state="active"]', { timeout: 15_000 })
  return { auth, gameId, context, page, errors }
}

async function reviewOf(server: TestServer, gameId: string): Promise<GameReview> {
  for (let i = 0; i < 200; i++) {
    const got = await server.api.api.games({ id: gameId }).review.get()
    const data = got.data?.data
    if (data?.status === 'ready') return data.review
    await Bun.sleep(100)
  }
  throw new Error('no review')
}

/** Cell ids carrying a class on the page. */
function cellsWith(page: Page, cls: string): Promise<number[]> {
  return page.$$eval(`[data-testid="board"] .${cls}`, (els) =>
    els.map((el) => Number(el.getAttribute('data-cell'))).sort((a, b) => a - b),
  )
}

/** A path of three cells side 0 may play that spells no word of the game's dictionary. */
function nonWordPath(view: GameView, side: Side): { cellIds: number[]; word: string } {
  const dict = testDictionaries().get(view.lang, view.options.dictType)!
  const board: Board = view.board
  const near = neighbourTable(board.size)
  const usable = (id: number) => isUsableBy(board.cells[id], side)
  for (const a of board.cells.filter((c) => usable(c.id) && c.owner !== side))
    for (const b of near[a.id].filter(usable))
      for (const c of near[b].filter((id) => usable(id) && id !== a.id)) {
        const word = board.cells[a.id].letter + board.cells[b].letter + board.cells[c].letter
        if (!dict.has(word) && !view.wordsUsed.includes(word)) return { cellIds: [a.id, b, c], word }
      }
  throw new Error('every path is a word')
}

describe('insight on the game page', () => {
  const e2e = e2eFixture({ COMPUTER_DELAY_MS: '30-80', DEV: '1', DEV_TG_IDS: String(DEV_TG_ID) })

  for (const [lang, size] of [
    ['en', PHONE],
    ['ru', DESKTOP],
  ] as const) {
    test(`a finished game's review, then the danger map and a graded hint in the next game (${lang}, ${size.width}x${size.height})`, async () => {
      const { server } = e2e
      const texts = TEXTS[lang].insight
      const t = translator(lang)
      const phone = size === PHONE
      const { auth, gameId, context, page, errors } = await openPlayerGame(
        e2e,
        lang,
        `Reviewer ${lang}`,
        size,
      )

      // A game through the page: a few words (each one reviewed), then given up.
      await playToTheEnd(page, server, gameId, 4)
      const review = await reviewOf(server, gameId)

      // The result's line about the review, as the page's language words it.
      const line = summaryLine(review.summary[0])!
      const expected =
        line.kind === 'best'
          ? plural(t, lang, 'insight.summary.best', line.of, { best: line.n })
          : plural(t, lang, `insight.summary.${line.kind}`, line.n)
      await page.waitForSelector('[data-testid="review"][data-status="ready"]', { timeout: 20_000 })
      expect(await page.textContent('[data-testid="review-line"]')).toBe(expected)
      // Fair board, with the two opening values.
      if (review.openings)
        expect(await page.getAttribute('[data-testid="fair-board"]', 'data-fair')).toBe(
          String(review.openings.fair),
        )
      // Each reviewed move carries its note; the marks are the review's.
      const notes = await page.$$eval('[data-testid="move"]', (items) =>
        items.map((li) => ({
          ts: Number(li.getAttribute('data-ts')),
          marks: li.getAttribute('data-marks') ?? '',
          note: li.querySelector('[data-testid="move-review"]') !== null,
        })),
      )
      for (const turn of review.turns) {
        const row = notes.find((n) => n.ts === turn.ts)
        expect(row).toEqual({ ts: turn.ts, marks: turn.marks.join(','), note: true })
      }
      await expectNothingWider(page)
      if (phone) await expectInViewWithoutScrolling(page, RESULT_CONTROLS)
      await shoot(page, `review-end-${lang}`, size)

      // "Review": the result folds; a move picked shows its word and the best one on the board.
      await page.click('[data-testid="open-review"]')
      await page.waitForSelector('[data-testid="final"].result--folded')
      const missed =
        review.turns.find((turn) => turn.side === 0 && !turn.bestPlayed && turn.best) ?? review.turns[0]
      await page.click(`[data-testid="move"][data-ts="${missed.ts}"] [data-testid="move-pick"]`)
      expect(await page.getAttribute('[data-testid="review-played-path"]', 'data-cells')).toBe(
        missed.played.cellIds.join(','),
      )
      if (!missed.bestPlayed && missed.best)
        expect(await page.getAttribute('[data-testid="review-best-path"]', 'data-cells')).toBe(
          missed.best.cellIds.join(','),
        )
      expect(await page.getAttribute('[data-testid="review-picked"]', 'data-ts')).toBe(String(missed.ts))
      await expectNothingWider(page)
      await shoot(page, `review-picked-${lang}`, size)

      // A played word's meaning, from our own server (WordNet in English; no source in Russian).
      await page.click(`[data-testid="move"][data-ts="${missed.ts}"] .move__word`)
      await page.waitForSelector('[data-testid="definition-sheet"]')
      expect(await page.textContent('[data-testid="definition-sheet"] h2')).toBe(
        missed.played.word.toUpperCase(),
      )
      await page.waitForSelector('[data-testid="definitions"], [data-testid="definition-none"]')
      if (lang === 'ru')
        expect(await page.textContent('[data-testid="definition-none"]')).toBe(texts.definitions.noSource)
      await expectInViewWithoutScrolling(page, [
        '[data-testid="definition-sheet"] [data-testid="sheet-close"]',
      ])
      await shoot(page, `definition-${lang}`, size)
      await page.click('[data-testid="sheet-close"]')

      // Play again: the next game, where the danger map is free (against the computer).
      await page.click('[data-testid="final-hide"]')
      await page.click('[data-testid="play-again"]')
      await page.waitForURL((url) => url.pathname.includes('/game/') && !url.pathname.endsWith(gameId))
      const next = new URL(page.url()).pathname.split('/').at(-1) as string
      await page.waitForSelector('[data-testid="game"][data-state="active"]', { timeout: 15_000 })
      // Words until the player can pay for two steps of a hint (area and first letter: 0.9 of its base).
      for (;;) {
        expect(await waitForTurnOrEnd(page, 0)).toBe('turn')
        const now = (await server.games.view(next)) as GameView
        if (now.players[0].score >= 0.9 * 10 * 2 ** now.players[0].hintsUsed) break
        await playTurn(page, server, next, 0)
      }
      const view = (await server.games.view(next)) as GameView
      await waitForVersion(page, view.ts)

      await page.click('[data-testid="danger-toggle"]')
      await page.waitForSelector('[data-testid="board"][data-danger]')
      const answer = await server.api.api.games({ id: next }).danger.get(bearer(auth.token))
      const map = answer.data?.data as DangerMap & { ts: number }
      expect(map.ts).toBe(view.ts)
      const levelled = (level: number) =>
        map.cells
          .filter((c) => c.level === level)
          .map((c) => c.cellId)
          .sort((a, b) => a - b)
      expect(await cellsWith(page, 'cell--danger-2')).toEqual(levelled(2))
      expect(await cellsWith(page, 'cell--danger-1')).toEqual(levelled(1))
      expect(await cellsWith(page, 'cell--danger-target')).toEqual([...map.targets].sort((a, b) => a - b))
      expect(await page.getAttribute('[data-testid="danger-toggle"]', 'aria-pressed')).toBe('true')
      await expectNothingWider(page)
      if (phone)
        await expectInViewWithoutScrolling(page, [
          '[data-testid="submit"]',
          '[data-testid="clear"]',
          '.tools .tool',
          '[data-testid="danger-toggle"]',
        ])
      await shoot(page, `danger-${lang}`, size)
      await page.click('[data-testid="danger-toggle"]')
      expect(await cellsWith(page, 'cell--danger')).toEqual([])

      // A graded hint: the steps and their prices, then the area bought at the price shown.
      const before = ((await server.games.view(next)) as GameView).players[0]
      await page.click('[data-testid="hint"]')
      await page.waitForSelector('[data-testid="hint-steps"]')
      const prices = await page.$$eval('[data-testid="hint-steps"] button', (bs) =>
        bs.map((b) => b.getAttribute('data-price')),
      )
      const base = 10 * 2 ** before.hintsUsed
      expect(prices).toEqual([Math.ceil(base * 0.3), Math.ceil(base * 0.6), base].map(String))
      await expectInViewWithoutScrolling(page, [
        '[data-testid="hint-steps"] button',
        '[data-testid="hint-cancel"]',
      ])
      await shoot(page, `hint-steps-${lang}`, size)
      await page.click('[data-testid="hint-area"]')
      await page.waitForFunction(() => document.querySelectorAll('.cell--hint').length >= 3)
      const after = ((await server.games.view(next)) as GameView).players[0]
      expect(after.score).toBe(before.score - Math.ceil(base * 0.3))
      expect(after.hintsUsed).toBe(before.hintsUsed + 1)
      // The next step at this hint's price: the first letter.
      await page.click('[data-testid="hint"]')
      expect(await page.getAttribute('[data-testid="hint-letter"]', 'data-price')).toBe(
        String(Math.ceil(base * 0.6)),
      )
      await page.click('[data-testid="hint-letter"]')
      await page.waitForSelector('.cell--hint-first')
      expect(((await server.games.view(next)) as GameView).players[0].score).toBe(
        after.score - Math.ceil(base * 0.6),
      )
      await shoot(page, `hint-letter-${lang}`, size)
      expect(errors).toEqual([])
      await context.close()
    }, 240_000)
  }

  test('a refused word is reported, accepted by a developer on /dev, and then plays (en, 390x844)', async () => {
    const { server, browser } = e2e
    const { gameId, context, page, errors } = await openPlayerGame(e2e, 'en', 'Reporter')
    expect(await waitForTurnOrEnd(page, 0)).toBe('turn')
    const view = (await server.games.view(gameId)) as GameView
    await waitForVersion(page, view.ts)
    const { cellIds, word } = nonWordPath(view, 0)
    await tapPath(page, cellIds)
    await page.click('[data-testid="submit"]')
    await page.waitForSelector('[data-testid="report-word"]')
    await expectInViewWithoutScrolling(page, ['[data-testid="report-word"]', '[data-testid="submit"]'])
    await expectNothingWider(page)
    await page.click('[data-testid="report-word"]')
    await page.waitForSelector('[data-testid="report-state"][data-state="sent"]')
    expect(await page.textContent('[data-testid="report-state"]')).toBe(en.insight.report.sent)
    await screenshot(page, 'report-sent-390x844')

    // The developer: dev sign-in with their Telegram id on /dev, the report in the queue, accepted.
    const devContext = await newContext(browser, { viewport: PHONE })
    await devContext.addInitScript(() => localStorage.setItem('tutor-checked', '1'))
    const dev = await devContext.newPage()
    const devErrors = watchErrors(dev)
    await devSignIn(dev, server, DEV_TG_ID, 'dev-reports')
    const reported = dev.locator(`[data-testid="dev-report"][data-word="${word}"]`)
    await reported.waitFor()
    expect(await reported.textContent()).toContain('EN · default')
    await expectNothingWider(dev)
    await reported.scrollIntoViewIfNeeded()
    await screenshot(dev, 'dev-reports-390x844')
    await reported.locator('[data-testid="report-accept"]').click()
    await dev.waitForSelector(`[data-testid="dev-report"][data-word="${word}"]`, { state: 'detached' })
    await dev.click('[data-testid="dev-reports"] [role="tab"]:has-text("Accepted")')
    await dev.waitForSelector(`[data-testid="dev-report"][data-word="${word}"]`)

    // Back in the game, the same word (still on the board as the word being built) now plays.
    await page.click('[data-testid="submit"]')
    await waitForVersion(page, view.ts + 1)
    expect(((await server.games.view(gameId)) as GameView).wordsUsed).toContain(word)
    await page.waitForSelector(`[data-testid="move"][data-word="${word}"]`)
    expect(errors).toEqual([])
    expect(devErrors).toEqual([])
    await context.close()
    await devContext.close()
  }, 120_000)

  test('a soft keyboard: the bar stops sticking, the navigation makes room, the notebook input stays in view (390x844)', async () => {
    const { context, page, errors } = await openPlayerGame(e2e, 'en', 'Typist')
    await page.click('[data-testid="notebook-toggle"]')
    const input = page.locator('[data-testid="notebook-sheet"] input')
    await input.focus()
    // Free: the limit says what PRO adds.
    expect(await page.textContent('[data-testid="notebook-note"]')).toBe(
      en.insight.notebook.limit.replace('{{n}}', '0').replace('{{max}}', '5'),
    )
    expect(await page.getAttribute('[data-testid="game"]', 'data-keyboard')).toBeNull()
    // The keyboard takes 40% of the window (below SPEC.md §4's 80%).
    await page.setViewportSize({ width: PHONE.width, height: Math.round(PHONE.height * 0.6) })
    await page.waitForSelector('[data-testid="game"].game--keyboard')
    expect(await page.$eval('.tab-bar', (el) => getComputedStyle(el).display)).toBe('none')
    expect(await page.$eval('[data-testid="actionbar"]', (el) => getComputedStyle(el).position)).toBe(
      'static',
    )
    // The input is on screen and nothing lies over it.
    const covered = await input.evaluate((el) => {
      const box = el.getBoundingClientRect()
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
      return {
        inView: box.top >= 0 && box.bottom <= window.innerHeight,
        onTop: top === el || el.contains(top),
      }
    })
    expect(covered).toEqual({ inView: true, onTop: true })
    await input.fill('lantern')
    await page.click('[data-testid="notebook-sheet"] button[type="submit"]')
    await page.waitForSelector('[data-testid="notebook-words"] li[data-word="lantern"]')
    await expectNothingWider(page)
    await shoot(page, 'keyboard-notebook', { width: PHONE.width, height: Math.round(PHONE.height * 0.6) })
    // The keyboard goes: the page is back as it was.
    await page.setViewportSize(PHONE)
    await page.waitForSelector('[data-testid="game"]:not(.game--keyboard)')
    expect(await page.$eval('.tab-bar', (el) => getComputedStyle(el).display)).not.toBe('none')
    expect(errors).toEqual([])
    await context.close()
  }, 90_000)
})
