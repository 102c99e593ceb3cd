/** The server's dice: a fresh seeded generator per use, seeded from the OS (never from the client). */
import { randomInt } from 'node:crypto'
import { createRng, type Rng } from '../../engine/index.ts'

export const serverRng = (): Rng => createRng(randomInt(0, 2 ** 32))
