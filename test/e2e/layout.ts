/** Layout checks in the real browser: nothing wider than the screen, controls on screen. */
import type { Page } from 'playwright-core'

/**
 * Elements of the page that stick out of the viewport sideways (and the document itself, when it
 * scrolls sideways), described as tag.class:left-right; empty when everything fits.
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const out: string[] = []
    if (document.documentElement.scrollWidth > width)
      out.push(`document scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`)
    for (const el of document.body.querySelectorAll('*')) {
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
