/** Layout checks in the real browser: nothing wider than the screen, controls on screen. */
import { expect } from 'bun:test'
import type { Page } from 'playwright-core'

/**
 * Elements of the page that stick out of the viewport sideways (and the document itself, when it
 * scrolls sideways), described as tag.class:left-right; empty when everything fits. Visually hidden
 * helpers (screen-reader text) do not count.
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const out: string[] = []
    if (document.documentElement.scrollWidth > width)
      out.push(`document scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`)
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('.visually-hidden')) continue
      const box = el.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      if (box.right > width + 1 || box.left < -1) {
        const cls = typeof el.className === 'string' ? el.className.trim().replace(/\s+/g, '.') : ''
        out.push(
          `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}:${Math.round(box.left)}-${Math.round(box.right)}`,
        )
      }
    }
    return out.slice(0, 12)
  })
}

/** No element of the page reaches past the viewport's sides. */
export async function expectNothingWider(page: Page): Promise<void> {
  expect(await overflowing(page)).toEqual([])
}

/** Labels of the navigation cut short (an ellipsis hides part of the word). */
export function cutNavLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.tab-bar .nav-label, .top-nav .nav-label')]
      .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent ?? ''),
  )
}

/**
 * Whether the element is wholly on screen without scrolling, clear of the phone's bottom
 * navigation (which covers what lies under it).
 */
export function onScreen(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel)
    if (!el) return false
    const box = el.getBoundingClientRect()
    const bar = document.querySelector('.tab-bar')
    const barBox = bar && getComputedStyle(bar).display !== 'none' ? bar.getBoundingClientRect() : null
    const bottom = barBox ? Math.min(window.innerHeight, barBox.top) : window.innerHeight
    return (
      box.width > 0 &&
      box.top >= 0 &&
      box.left >= 0 &&
      box.bottom <= bottom + 1 &&
      box.right <= window.innerWidth + 1
    )
  }, selector)
}

/**
 * Every element matching the selectors is on screen at the top of the page, above the bottom
 * navigation: nothing to scroll to. Answers how many were checked.
 */
export async function expectInViewWithoutScrolling(page: Page, selectors: string[]): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, 0))
  const found = await page.evaluate((sels) => {
    const bar = document.querySelector('.tab-bar')
    const barBox = bar && getComputedStyle(bar).display !== 'none' ? bar.getBoundingClientRect() : null
    const limit = Math.min(barBox ? barBox.top : window.innerHeight, window.innerHeight) + 0.5
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
