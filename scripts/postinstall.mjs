// Runs after `npm install` / `bun install` under Node or Bun: builds the dictionaries with Bun
// (skipped inside the script when its inputs have not changed).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const script = join(root, 'scripts/build-dictionaries.ts')
const bun = process.versions.bun ? process.execPath : join(root, 'node_modules/.bin/bun')

if (existsSync(script)) {
  const run = spawnSync(bun, [script], { cwd: root, stdio: 'inherit' })
  if (run.status !== 0) {
    console.error('postinstall: building the dictionaries failed')
    process.exit(run.status ?? 1)
  }
}
