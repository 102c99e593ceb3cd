// The page's entry script, a few hundred bytes. The browser paints the server's HTML first; only
// then are the client's modules (web/boot.tsx, the page's island and what they import, listed by
// the server on this script's tag) fetched, all at once, and run. On a slow phone the page shows
// before the main thread spends hundreds of milliseconds on scripts, and nothing of the client
// competes with what paints the page.
import { MODULES_ATTR } from '../shared/markup.ts'

const painted = new Promise<void>((resolve) => {
  // A hidden tab gets no frames: it must not wait for one.
  if (document.visibilityState === 'hidden') return resolve()
  requestAnimationFrame(() => setTimeout(resolve, 0))
  setTimeout(resolve, 100)
})
await painted
const modules = document.querySelector(`script[${MODULES_ATTR}]`)?.getAttribute(MODULES_ATTR)?.split(' ') ?? []
for (const href of modules.slice(1)) {
  const link = document.createElement('link')
  link.rel = 'modulepreload'
  link.href = href
  document.head.append(link)
}
if (modules[0]) await import(modules[0])
