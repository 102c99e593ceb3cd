import { createHash } from 'node:crypto'
import type { AssetLinks } from './document.ts'

/**
 * The build of a client bundle: its entry script's and stylesheet's names carry content hashes,
 * so the same code gives the same id in every process and a change of code a new one.
 */
export function buildIdOf(links: AssetLinks): string {
  return createHash('sha256').update(`${links.script}\n${links.stylesheet}`).digest('hex').slice(0, 16)
}
