/**
 * A new user signs in by nickname, plays the tutorial game against the robot mentor to the end
 * (every lesson the server sends shows, the last one in the result), then plays a whole game
 * against the computer: all through the UI in Chromium against the real server and dictionaries.
 */
import { describe, expect, test } from 'bun:test'
import { MENTOR_LESSONS } from '../../engine/index.ts'
import en from '../../locales/en.json'
import { historyOf } from '../../src/games/repo.ts'
import { bothThemes, newContext, PHONE, watchErrors } from './browser.ts'
import { e2eFixture } from './fixture.ts'
import { openHome, playToTheEnd, signInByNickname, waitForGamePage } from './play.ts'

const LESSON_TEXTS = new Map(MENTOR_LESSONS.map((lesson) => [en.tutorial.mentor[lesson], lesson]))

describe('playing the computer in the browser', () => {
  const e2e = e2eFixture({ COMPUTER_DELAY_MS: '30-80' })

  test('sign in by nickname, the tutor and its game with every lesson, then a whole game against the computer', async () => {
    const { server, browser } = e2e
    const context = await newContext(browser, { viewport: PHONE })
    // Every lesson that shows over the board, in the order it first shows (lessons never repeat),
    // with the version of the game on screen when it did.
    await context.addInitScript(() => {
      const seen: { text: string; ts: number }[] = []
      ;(window as unknown as { __lessons: typeof seen }).__lessons = seen
      new MutationObserver(() => {
        const ts = Number(document.querySelector('[data-testid="game"]')?.getAttribute('data-ts'))
        for (const line of document.querySelectorAll('[data-testid="mentor-lesson"] .mentor__line')) {
          const text = line.textContent ?? ''
          if (text && !seen.some((s) => s.text === text)) seen.push({ text, ts })
        }
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true })
    })
    const page = await context.newPage()
    const errors = watchErrors(page)
    // SPEC.md §2: a new user is sent to /tutor once; home stays home afterwards.
    await signInByNickname(page, server.url, 'Ada e2e')
    // The tutor offers the tutorial game against the robot mentor.
    await page.click('[data-testid="tutorial-game"]')
    const tutorialId = await waitForGamePage(page)
    expect((await server.games.view(tutorialId))?.players[1].user.name).toBe('Mentor')
    await playToTheEnd(page, server, tutorialId)
    const result = await page.getAttribute('[data-testid="final"]', 'data-result')
    const ending = result === 'win' ? 'win' : 'again'
    // The mentor's last word is in the result itself; every lesson shown is one the engine knows.
    expect(await page.textContent('[data-testid="final-lesson"] .mentor__bubble')).toBe(
      en.tutorial.mentor[ending],
    )
    // Over the board the mentor said every lesson of the game as its move came, in order: all those
    // the server sent before the last action (whose ending is in the result, the board being over).
    const rows = await historyOf(server.core.db, tutorialId)
    const lessonsOf = (row: (typeof rows)[number]) =>
      row.events.flatMap((event) =>
        event.type === 'intercom' && event.from === 1 ? [event.message.replace('tutorial.mentor.', '')] : [],
      )
    const sent = rows.flatMap(lessonsOf)
    expect(sent[0]).toBe('select')
    expect(sent.at(-1)).toBe(ending)
    // In step: each shows with the very version that brought it, never a move later.
    const expected = rows
      .filter((row) => !row.events.some((e) => e.type === 'gameover'))
      .flatMap((row) => lessonsOf(row).map((lesson) => ({ lesson, ts: row.ts })))
    expect(expected.length).toBeGreaterThanOrEqual(3)
    const shown = (
      await page.evaluate(
        () => (window as unknown as { __lessons: { text: string; ts: number }[] }).__lessons,
      )
    ).map(
      ({ text, ts }) =>
        ({ lesson: LESSON_TEXTS.get(text as never) ?? `unknown: ${text}`, ts }) as {
          lesson: string
          ts: number
        },
    )
    expect(shown).toEqual(expected)

    await openHome(page, server.url)
    expect(new URL(page.url()).pathname).toBe('/en')
    expect(await page.textContent('[data-testid="nickname"]')).toBe('Ada e2e')

    // The shop shows a picture for every item (and the trial), each loaded.
    await page.click('[data-testid="open-shop"]')
    await page.waitForSelector('.shop__item')
    for (const tab of ['pro', 'coins']) {
      await page.click(`.shop [role="tab"] >> nth=${tab === 'pro' ? 0 : 1}`)
      await page.waitForFunction(() => {
        const images = [...document.querySelectorAll<HTMLImageElement>('.shop .shop__image')]
        return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0)
      })
      await bothThemes(page, `shop-${tab}-390x844`)
    }
    await page.keyboard.press('Escape')

    await page.selectOption('[data-testid="level"]', 'veryEasy')
    await page.click('[data-testid="play-computer"]')
    const gameId = await waitForGamePage(page)
    const view = await server.games.view(gameId)
    expect(view?.mode).toBe('pve')
    await playToTheEnd(page, server, gameId)
    const final = page.locator('[data-testid="final"]')
    expect(await final.getAttribute('data-result')).toBe('win')
    const over = await server.games.view(gameId)
    expect(over?.state).toBe('over')
    expect(over?.winner).toBe(0)
    // The rating change arrives with the results; a game that is not a tutorial has no mentor.
    await page.waitForSelector('[data-testid="rating-delta"]')
    expect(await page.textContent('[data-testid="rating-delta"]')).toMatch(/\+\d+/)
    expect(await page.locator('[data-testid="final-lesson"]').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  }, 150_000)
})
