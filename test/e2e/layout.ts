/** Layout checks in the real browser: nothing wider than the screen, controls within reach. */
import { expect } from 'bun:test'
import type { Page } from 'playwright-core'

/** No element of the page (hidden helpers aside) reaches past the viewport's sides. */
export async function expectNothingWider(page: Page): Promise<void> {
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    return [...document.querySelectorAll('body *')]
      .filter((el) => {
        if (el.closest('.visually-hidden')) return false
        const r = el.getBoundingClientRect()
        return r.width > 0 && r.height > 0 && (r.right > width + 0.5 || r.left < -0.5)
      })
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)}`)
  })
  expect(wide).toEqual([])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => document.documentElement.clientWidth),
  )
}

/**
 * Every element matching the selectors is on screen at the top of the page, above the bottom
 * navigation: nothing to scroll to. Answers how many were checked.
 */
export async function expectInViewWithoutScrolling(page: Page, selectors: string[]): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, 0))
  const found = await page.evaluate((sels) => {
    const nav = document.querySelector('.tab-bar')?.getBoundingClientRect().top ?? window.innerHeight
    const limit = Math.min(nav, window.innerHeight) + 0.5
    return sels.flatMap((sel) =>
      [...document.querySelectorAll(sel)].map((el) => {
        const r = el.getBoundingClientRect()
        const name = el.getAttribute('data-testid') ?? sel
        return {
          name,
          out: r.width === 0 || r.top < -0.5 || r.bottom > limit || r.right > window.innerWidth + 0.5,
        }
      }),
    )
  }, selectors)
  expect(found.filter((f) => f.out).map((f) => f.name)).toEqual([])
  return found.length
}
