/**
 * A new user signs in by nickname, plays the tutorial game against the robot mentor to the end
 * (every lesson the server sends shows, the last one in the result), then plays a whole game
 * against the computer: all through the UI in Chromium against the real server and dictionaries.
 */
import { describe, expect, test } from 'bun:test'
import { MENTOR_LESSONS } from '../../engine/index.ts'
import en from '../../locales/en.json'
import { historyOf } from '../../src/games/repo.ts'
import { newContext, PHONE, screenshot, watchErrors } from './browser.ts'
import { e2eFixture } from './fixture.ts'
import { openHome, playToTheEnd, signInByNickname, waitForGamePage } from './play.ts'

const LESSON_TEXTS = new Map(MENTOR_LESSONS.map((lesson) => [en.tutorial.mentor[lesson], lesson]))

describe('playing the computer in the browser', () => {
  const e2e = e2eFixture({ COMPUTER_DELAY_MS: '30-80' })

  test('sign in by nickname, the tutor and its game with every lesson, then a whole game against the computer', async () => {
    const { server, browser } = e2e
    const context = await newContext(browser, { viewport: PHONE })
    // Every lesson that shows over the board, in order (one bubble, its text replaced as they come).
    await context.addInitScript(() => {
      const seen: string[] = []
      ;(window as unknown as { __lessons: string[] }).__lessons = seen
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="mentor-lesson"] .mentor__bubble')?.textContent
        if (text && seen.at(-1) !== text) seen.push(text)
      }).observe(document, { subtree: true, childList: true, characterData: true })
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
    // Over the board the lessons queue, each shown a while; tapping the bubble shows the next. Every
    // lesson the server sent shows, in order.
    const sent = (await historyOf(server.core.db, tutorialId))
      .flatMap((row) => row.events)
      .flatMap((event) => (event.type === 'intercom' && event.from === 1 ? [event.message] : []))
    const expected = sent.map((message) => message.replace('tutorial.mentor.', ''))
    expect(expected[0]).toBe('select')
    expect(expected.at(-1)).toBe(ending)
    await page.click('[data-testid="final-hide"]')
    const bubble = page.locator('[data-testid="mentor-lesson"] .mentor__bubble')
    for (let i = 0; i < expected.length && (await bubble.textContent()) !== en.tutorial.mentor[ending]; i++) {
      const before = await bubble.textContent()
      await bubble.click()
      await page.waitForFunction(
        (text) =>
          document.querySelector('[data-testid="mentor-lesson"] .mentor__bubble')?.textContent !== text,
        before,
      )
    }
    const shown = (await page.evaluate(() => (window as unknown as { __lessons: string[] }).__lessons)).map(
      (text) => LESSON_TEXTS.get(text as never) ?? `unknown: ${text}`,
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
      await screenshot(page, `shop-${tab}-390x844`)
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
