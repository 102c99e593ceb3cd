/**
 * The build's fingerprint: the build's own sources (and the engine code that shapes its output)
 * plus each source package's version and the sizes of the files read. Equal fingerprint and
 * every output present: nothing to do, so a second `npm install` costs milliseconds.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { packageDir, packageVersion, ROOT, SOURCES } from './sources.ts'

/** Code whose change changes the files. */
const CODE_DIRS = ['scripts/dictionaries', 'engine/dictionary', 'engine/alphabet']
const CODE_FILES = ['scripts/build-dictionaries.ts']

export const STAMP_FILE = '.stamp.json'

export interface Stamp {
  hash: string
  counts: Record<string, number>
}

export function inputHash(): string {
  const hasher = new Bun.CryptoHasher('sha256')
  const code = [
    ...CODE_FILES,
    ...CODE_DIRS.flatMap((d) =>
      readdirSync(join(ROOT, d))
        .filter((f) => f.endsWith('.ts'))
        .sort()
        .map((f) => `${d}/${f}`),
    ),
  ]
  for (const file of code) {
    hasher.update(`${file}\n`)
    hasher.update(readFileSync(join(ROOT, file)))
  }
  for (const [name, files] of Object.entries(SOURCES)) {
    hasher.update(`${name}@${packageVersion(name)}\n`)
    for (const f of files) hasher.update(`${f}:${statSync(join(packageDir(name), f)).size}\n`)
  }
  return hasher.digest('hex')
}

export function readStamp(dir: string): Stamp | undefined {
  const path = join(dir, STAMP_FILE)
  if (!existsSync(path)) return undefined
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined // a torn stamp only means a rebuild
  }
}
