// The page's entry script, a few hundred bytes. The browser paints the server's HTML first; then
// it requests the client's modules (the page's island, web/boot.tsx and what they import, listed
// by the server on this script's tag in run order) side by side, each running as it arrives, in a
// task of its own; boot comes last, once all it imports has run, and hydrates the page in slices.
//
// Measured with Lighthouse's phone (bench/lighthouse.ts, docs/web.md "First load"): modules that
// arrived before the first frame ran before it and held the first paint back. Waiting for the
// paint cost blocking time while hydration was one long task; hydrated in slices, it costs little.
import { MODULES_ATTR } from '../shared/markup.ts'

await new Promise<void>((resolve) => {
  // A hidden tab gets no frames: it must not wait for one.
  if (document.visibilityState === 'hidden') return resolve()
  requestAnimationFrame(() => setTimeout(resolve, 0))
  setTimeout(resolve, 100)
})
const modules =
  document.querySelector(`script[${MODULES_ATTR}]`)?.getAttribute(MODULES_ATTR)?.split(' ') ?? []
const client = modules.pop()
await Promise.all(modules.map((href) => import(href)))
if (client) await import(client)
