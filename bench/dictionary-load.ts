/**
 * Dictionary load benchmark (DICTIONARIES.md target: ready in ≤ 10 ms per dictionary): prints one
 * JSON line with, per built `<lang>/<size>.wtdg`, its size, and the ms to read the file and to
 * decode it (first run and median of --runs), then the ms of `loadDictionaries` for the whole
 * folder as the server calls it.
 *
 *   bun bench/dictionary-load.ts [--runs K]   (dir: $DICTIONARIES_DIR or ./dictionaries)
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { DICT_TYPES, LANGS } from '../engine/index.ts'
import { decodeDictionary } from '../engine/server.ts'
import { dictionaryFile, loadDictionaries } from '../src/dictionaries/store.ts'

const runsAt = process.argv.indexOf('--runs')
const runs = runsAt >= 0 ? Number(process.argv[runsAt + 1]) : 5
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs wants a positive integer')
const dir = resolve(import.meta.dir, '..', process.env.DICTIONARIES_DIR ?? 'dictionaries')

const round = (ms: number) => Math.round(ms * 100) / 100
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]

const files: Record<string, unknown> = {}
for (const lang of LANGS)
  for (const type of DICT_TYPES) {
    const path = dictionaryFile(dir, lang, type)
    const read: number[] = []
    const decode: number[] = []
    let bytes = 0
    let words = 0
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now()
      const data = new Uint8Array(readFileSync(path))
      const t1 = performance.now()
      const dict = decodeDictionary(data)
      const t2 = performance.now()
      if (dict.size === 0) throw new Error(`${path} is empty`)
      read.push(t1 - t0)
      decode.push(t2 - t1)
      bytes = data.byteLength
      words = dict.size
    }
    files[`${lang}/${type}`] = {
      bytes,
      words,
      firstMs: round(read[0] + decode[0]),
      readMs: round(median(read)),
      decodeMs: round(median(decode)),
      medianMs: round(median(read.map((r, i) => r + decode[i]))),
    }
  }

const loads: number[] = []
for (let i = 0; i < runs; i++) {
  const t0 = performance.now()
  loadDictionaries(dir)
  loads.push(performance.now() - t0)
}
console.log(
  JSON.stringify({
    bench: 'dictionary-load',
    dir,
    runs,
    files,
    loadDictionariesMs: { first: round(loads[0]), median: round(median(loads)) },
  }),
)
