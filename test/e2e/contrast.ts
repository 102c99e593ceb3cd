import type { Page } from 'playwright-core'

export interface LowContrast {
  text: string
  where: string
  ratio: number
  needs: number
  color: string
  background: string
}

/**
 * WCAG 2 contrast of every visible text on the page (what Lighthouse's colour-contrast audit
 * checks): the text colour against the backgrounds behind it, composed up the tree; 4.5:1, or 3:1
 * for large text (24 px, or 18.66 px bold). Disabled controls are exempt (WCAG 1.4.3), and so is
 * text over a picture or gradient, which needs a look, not a number.
 */
export function lowContrast(page: Page): Promise<LowContrast[]> {
  return page.evaluate(() => {
    type Rgba = { r: number; g: number; b: number; a: number }
    const parse = (c: string): Rgba | null => {
      const m = c.match(/rgba?\(([^)]+)\)/)
      if (!m?.[1]) return null
      const p = m[1]
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number)
      return { r: p[0] ?? 0, g: p[1] ?? 0, b: p[2] ?? 0, a: p.length > 3 ? (p[3] ?? 1) : 1 }
    }
    const over = (top: Rgba, bottom: Rgba): Rgba => ({
      r: top.r * top.a + bottom.r * (1 - top.a),
      g: top.g * top.a + bottom.g * (1 - top.a),
      b: top.b * top.a + bottom.b * (1 - top.a),
      a: 1,
    })
    const channel = (v: number) => {
      const s = v / 255
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    }
    const lum = (c: Rgba) => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
    const css = (c: Rgba) => `rgb(${Math.round(c.r)} ${Math.round(c.g)} ${Math.round(c.b)})`
    /** The background behind `el`, or null when a picture or gradient is part of it. */
    const background = (el: Element): Rgba | null => {
      const layers: Rgba[] = []
      for (let e: Element | null = el; e; e = e.parentElement) {
        const s = getComputedStyle(e)
        if (s.backgroundImage !== 'none') return null
        const c = parse(s.backgroundColor)
        if (c && c.a > 0) {
          layers.push(c)
          if (c.a >= 1) break
        }
      }
      let bg: Rgba = { r: 255, g: 255, b: 255, a: 1 }
      for (const layer of layers.reverse()) bg = over(layer, bg)
      return bg
    }
    const opacity = (el: Element) => {
      let o = 1
      for (let e: Element | null = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity)
      return o
    }
    const found: LowContrast[] = []
    const seen = new Set<Element>()
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement
      const text = node.textContent?.trim() ?? ''
      if (!el || !text || seen.has(el)) continue
      seen.add(el)
      if (el.closest('[aria-hidden="true"], .visually-hidden, noscript, script, style, svg')) continue
      if (el.closest('button:disabled, [aria-disabled="true"], input:disabled, fieldset:disabled')) continue
      const rect = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden') continue
      const bg = background(el)
      const fg = parse(style.color)
      if (!bg || !fg) continue
      const alpha = fg.a * opacity(el)
      if (alpha === 0) continue
      const shown = over({ ...fg, a: alpha }, bg)
      const [hi, lo] = [lum(shown), lum(bg)].sort((a, b) => b - a) as [number, number]
      const ratio = (hi + 0.05) / (lo + 0.05)
      const size = Number.parseFloat(style.fontSize)
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700)
      const needs = large ? 3 : 4.5
      if (ratio < needs - 0.01) {
        const where = `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).trim().split(/\s+/).join('.')}` : ''}`
        found.push({
          text: text.slice(0, 40),
          where,
          ratio: Math.round(ratio * 100) / 100,
          needs,
          color: css(shown),
          background: css(bg),
        })
      }
    }
    return found
  })
}
