// Runs after `npm install` / `bun install` under Node or Bun: builds the dictionaries and the word
// definitions with Bun (each skipped inside its script when its inputs have not changed).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const bun = process.versions.bun ? process.execPath : join(root, 'node_modules/.bin/bun')

// The word lists, then the definitions shown for played words (both skip work when up to date).
for (const [file, what] of [
  ['scripts/build-dictionaries.ts', 'the dictionaries'],
  ['scripts/build-definitions.ts', 'the definitions'],
]) {
  const script = join(root, file)
  if (!existsSync(script)) continue
  const run = spawnSync(bun, [script], { cwd: root, stdio: 'inherit' })
  if (run.status !== 0) {
    console.error(`postinstall: building ${what} failed`)
    process.exit(run.status ?? 1)
  }
}
