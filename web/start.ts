// The page's entry script, a few hundred bytes. It requests the client's modules (the page's
// island, web/boot.tsx and what they import, listed by the server on this script's tag in run
// order) side by side, each running as it arrives, in a task of its own rather than all in one
// long task; boot comes last, once all it imports has run, and hydrates the page.
//
// Measured with Lighthouse's phone (bench/lighthouse.ts): waiting for the first paint before
// starting gave a first paint 0.3 s sooner but moved all of this work after it, where it counts
// as blocking time; the score was lower (docs/web.md "First load").
import { MODULES_ATTR } from '../shared/markup.ts'

const modules =
  document.querySelector(`script[${MODULES_ATTR}]`)?.getAttribute(MODULES_ATTR)?.split(' ') ?? []
const client = modules.pop()
await Promise.all(modules.map((href) => import(href)))
if (client) await import(client)
