// The page's entry script, a few hundred bytes. The browser paints the server's HTML first; only
// then are the client's modules (the page's island, web/boot.tsx and what they import, listed by
// the server on this script's tag) fetched, all at once, and run one by one, each in a task of its
// own: a slow phone paints the page before spending hundreds of milliseconds on scripts, and stays
// responsive while it does. boot comes last and hydrates the page.
import { MODULES_ATTR } from '../shared/markup.ts'

/**
 * The browser's turn: input, rendering, other tasks run before the next module does. Not a timer:
 * a hidden tab runs timers once a second at most, and the page would take half a minute to start.
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(null)
  })
}

await new Promise<void>((resolve) => {
  // A hidden tab gets no frames: it must not wait for one.
  if (document.visibilityState === 'hidden') return resolve()
  requestAnimationFrame(() => setTimeout(resolve, 0))
  setTimeout(resolve, 100)
})
const modules =
  document.querySelector(`script[${MODULES_ATTR}]`)?.getAttribute(MODULES_ATTR)?.split(' ') ?? []
for (const href of modules) {
  const link = document.createElement('link')
  link.rel = 'modulepreload'
  link.href = href
  document.head.append(link)
}
for (const href of modules) {
  await import(href)
  await yieldToBrowser()
}
