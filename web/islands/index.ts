// The server's one door into web/. Only the process's entry points import it (src/main.ts, the test
// harness, scripts/) and hand it to createApp; the rest of src/ knows it by its type, WebSide.
import { resolve } from 'node:path'
import { ISLAND_NAMES } from '../../shared/islands.ts'
import type { WebSide } from '../../src/pages/web-side.ts'
import { renderIsland } from './render.tsx'

export const webSide: WebSide = {
  renderIsland,
  sources: {
    root: resolve(import.meta.dir, '..'),
    script: 'start.ts',
    stylesheet: 'styles/index.css',
    lazy: ['boot.tsx', ...ISLAND_NAMES.map((name) => `islands/${name}.tsx`)],
  },
}
