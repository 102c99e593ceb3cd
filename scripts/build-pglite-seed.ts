// `npm run pglite-seed`: a fresh cluster of the installed PGlite as a gzip tarball in src/db/seed/,
// the one a first start on an empty folder unpacks instead of running initdb (src/db/seed.ts).
// Run it after upgrading PGlite (a test fails until then); other versions' files are removed.
import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { installedPgliteVersion, makeSeed, SEED_DIR, seedFileName } from '../src/db/seed.ts'

const name = seedFileName(installedPgliteVersion())
const tarball = await makeSeed()
await Bun.write(join(SEED_DIR, name), tarball)
for (const old of readdirSync(SEED_DIR)) if (old !== name) rmSync(join(SEED_DIR, old))
console.log(`${join('src/db/seed', name)}: ${(tarball.size / 1024 / 1024).toFixed(1)} MB`)
