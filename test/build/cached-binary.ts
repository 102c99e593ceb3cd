/**
 * The binary `npm run build` makes, kept under .cache/test-binary/ by the content of everything it
 * is built from: compiling takes ~20 s of CPU, and a run whose inputs did not change would compile
 * the very same file again. A change to any input (or to Bun) means a fresh build.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dir, '../..')
const CACHE = join(ROOT, '.cache/test-binary')

/** What scripts/build.ts reads: the sources it bundles, the files it embeds, the lock of the packages. */
const INPUT_FOLDERS = ['src', 'engine', 'web', 'locales', 'drizzle', 'public']
const INPUT_FILES = ['scripts/build.ts', 'package.json', 'package-lock.json', 'tsconfig.json', 'bunfig.toml']
const EMBEDDED_DICTIONARIES = ['*/*.wtdg', '*/definitions.json.gz']

function inputKey(): string {
  const hash = new Bun.CryptoHasher('sha256').update(`${Bun.version} ${Bun.revision}\n`)
  const add = (path: string) => hash.update(`${path}\n`).update(readFileSync(join(ROOT, path)))
  for (const folder of INPUT_FOLDERS) {
    for (const name of readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(ROOT.length + 1))
      .sort())
      add(name)
  }
  for (const file of INPUT_FILES) add(file)
  // The same files scripts/build.ts embeds (and no deeper: the folder is often a link).
  for (const pattern of EMBEDDED_DICTIONARIES) {
    const found = [...new Bun.Glob(pattern).scanSync(join(ROOT, 'dictionaries'))].sort()
    for (const name of found) add(join('dictionaries', name))
  }
  return hash.digest('hex').slice(0, 16)
}

export interface CachedBinary {
  /** The compiled file (read it, copy it; never change it). */
  path: string
  /** What the build printed (its size and time), from the build that made it. */
  output: string
}

/** The binary of the checkout as it is now: the cached one, or built (and cached) first. */
export function cachedBinary(): CachedBinary {
  const dir = join(CACHE, inputKey())
  if (!existsSync(dir)) {
    mkdirSync(CACHE, { recursive: true })
    // Built beside the cache and renamed into place whole: a reader never sees half a build.
    const building = mkdtempSync(join(CACHE, 'building-'))
    try {
      const build = Bun.spawnSync(
        [process.execPath, 'scripts/build.ts', '--outfile', join(building, 'word-territory')],
        { cwd: ROOT, stdout: 'pipe', stderr: 'pipe' },
      )
      const output = build.stdout.toString()
      if (build.exitCode !== 0) throw new Error(`build failed: ${build.stderr.toString()}${output}`)
      writeFileSync(join(building, 'build.txt'), output)
      try {
        renameSync(building, dir)
      } catch {
        // Another run built the same inputs meanwhile: its copy is the same file.
      }
    } finally {
      rmSync(building, { recursive: true, force: true })
    }
    // Builds of earlier inputs are of no more use (each is ~130 MiB).
    for (const old of readdirSync(CACHE)) {
      if (old !== dir.slice(CACHE.length + 1) && !old.startsWith('building-'))
        rmSync(join(CACHE, old), { recursive: true, force: true })
    }
  }
  return { path: join(dir, 'word-territory'), output: readFileSync(join(dir, 'build.txt'), 'utf8') }
}
