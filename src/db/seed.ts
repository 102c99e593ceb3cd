/**
 * A fresh PGlite cluster kept as a tarball (src/db/seed/), so that the first start on an empty
 * folder unpacks it instead of running initdb. initdb runs in a second WebAssembly instance beside
 * the database's own and took that first start to ~1 GB of RSS (a 1 GB host would kill it, and
 * every start after it stays near 200 MB); unpacking peaks at about a third of that
 * (docs/perf.md). `npm run pglite-seed` makes it.
 *
 * A cluster is only good for the PGlite that made it, so the file carries the version in its name:
 * after an upgrade the old file is not found and the first start runs initdb as before (a test
 * says to make the new one).
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'

/** The installed PGlite's dist folder (a checkout's: a binary has none). */
export const pgliteDist = () => dirname(Bun.fileURLToPath(import.meta.resolve('@electric-sql/pglite')))

/** The installed PGlite's version, as its own package.json says. */
export function installedPgliteVersion(): string {
  return JSON.parse(readFileSync(join(pgliteDist(), '../package.json'), 'utf8')).version
}

export const SEED_DIR = join(import.meta.dir, 'seed')

export const seedFileName = (version: string) => `pglite-${version}.tar.gz`

/** The seed for the installed PGlite in the checkout, or null when there is none for it. */
export function checkoutSeed(): string | null {
  const path = join(SEED_DIR, seedFileName(installedPgliteVersion()))
  return existsSync(path) ? path : null
}

/** Whether `dataDir` holds no cluster yet (PGlite's own test: no PG_VERSION). */
export const isFreshDataDir = (dataDir: string) => !existsSync(join(dataDir, 'PG_VERSION'))

/** A fresh cluster of the installed PGlite, gzipped: initdb in memory, nothing stored in it yet. */
export async function makeSeed(): Promise<Blob> {
  const pg = await PGlite.create()
  try {
    return await pg.dumpDataDir('gzip')
  } finally {
    await pg.close()
  }
}
