/**
 * Move generator benchmark: one JSON line per board.
 *
 *   bun bench/movegen.ts [--words FILE] [--lang en|ru|es] [--board LETTERS [--rows R --cols C]]
 *                        [--min-len N] [--runs K] [--seed S]
 *
 * --words: plain word list, one a line (default: the 274k English `word-list`). Without --board it
 * runs random 5×5, 8×8 and 13×10 boards (seeded, letters drawn by the language's weights). Every cell
 * is usable and none is own. Reports median and p90 ms of one full generation, the move count, the
 * dictionary's build time, encoded size and decode time, and a naive baseline measured in the same
 * run (recursive search, string building, a Set of prefixes) with the speed ratio.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { ALPHABETS, createRng, type Lang, pickWeighted } from '../engine/index.ts'
import { buildDictionary, createMoveGenerator, decodeDictionary, encodeDictionary } from '../engine/server.ts'
import { flags } from './lib/dictionaries.ts'
import { quantile } from './lib/stats.ts'

const args = flags(process.argv.slice(2))
const lang = (args.get('lang') ?? 'en') as Lang
const alphabet = ALPHABETS[lang]
if (!alphabet) throw new Error(`unknown --lang ${lang}`)
const wordsFile = args.get('words') ?? resolve(import.meta.dir, '../node_modules/word-list/words.txt')
const minLength = Number(args.get('min-len') ?? 3)
const runs = Math.max(1, Number(args.get('runs') ?? 301))
const seed = Number(args.get('seed') ?? 1)

/** A full collection before each timed phase, so that no garbage of an earlier phase is collected in it. */
const collect = () => {
  if (typeof Bun !== 'undefined') Bun.gc(true)
}

const now: () => number = typeof Bun !== 'undefined' ? () => Bun.nanoseconds() / 1e6 : () => performance.now()

const median = (xs: number[]) =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  )
const round = (x: number, digits = 4) => Number(x.toPrecision(digits))

// Dictionary: build, encode, decode.
const words = readFileSync(wordsFile, 'utf8')
  .split('\n')
  .map((w) => alphabet.fold(w.trim()))
  .filter((w) => w.length > 0)
let t = now()
const built = buildDictionary(words, alphabet.letters)
const buildMs = now() - t
const bytes = encodeDictionary(built)
collect()
const decodeTimes: number[] = []
let dict = decodeDictionary(bytes)
for (let i = 0; i < 21; i++) {
  const copy = bytes.slice() // a fresh buffer each time, as if just read from disk
  t = now()
  dict = decodeDictionary(copy)
  decodeTimes.push(now() - t)
}

// Baseline: the obvious recursive search over a Set of prefixes.
const wordSet = new Set<string>()
const prefixes = new Set<string>()
for (const w of words) {
  if (![...w].every((ch) => dict.letterIndex(ch) >= 0)) continue
  wordSet.add(w)
  for (let i = 1; i <= w.length; i++) prefixes.add(w.slice(0, i))
}

function neighbours(rows: number, cols: number): number[][] {
  const table: number[][] = []
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const list: number[] = []
      for (let dr = -1; dr <= 1; dr++)
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr
          const cc = c + dc
          if ((dr || dc) && rr >= 0 && rr < rows && cc >= 0 && cc < cols) list.push(rr * cols + cc)
        }
      table.push(list)
    }
  return table
}

function baseline(board: string[], rows: number, cols: number): { word: string; cellIds: number[] }[] {
  const table = neighbours(rows, cols)
  const out: { word: string; cellIds: number[] }[] = []
  const walk = (path: number[], word: string) => {
    if (!prefixes.has(word)) return
    if (word.length >= minLength && wordSet.has(word)) out.push({ word, cellIds: [...path] })
    for (const n of table[path[path.length - 1]]) {
      if (path.includes(n)) continue
      path.push(n)
      walk(path, word + board[n])
      path.pop()
    }
  }
  for (let c = 0; c < board.length; c++) walk([c], board[c])
  return out
}

function randomBoard(rows: number, cols: number, boardSeed: number): string[] {
  const rng = createRng(boardSeed)
  const weights = alphabet.letters.map((l) => alphabet.weights[l])
  return Array.from({ length: rows * cols }, () => alphabet.letters[pickWeighted(rng, weights)])
}

const gen = createMoveGenerator(256)

function bench(board: string[], rows: number, cols: number) {
  const n = rows * cols
  const letters = new Int8Array(n)
  for (let i = 0; i < n; i++) letters[i] = dict.letterIndex(board[i])
  const input = { rows, cols, letters, usable: new Uint8Array(n).fill(1), own: new Uint8Array(n), minLength }
  // Warm up until the JIT has compiled the search at its top tier (a server calls it all day long).
  let warmup = 0
  for (const t0 = now(); warmup < 200 || now() - t0 < 400; warmup++) gen.generate(input, dict)
  collect()
  const times: number[] = []
  let moves = 0
  for (let i = 0; i < runs; i++) {
    const t0 = now()
    moves = gen.generate(input, dict)
    times.push(now() - t0)
  }
  times.sort((a, b) => a - b)
  // Materialising every move as {word, cellIds}, for comparison with the search alone.
  collect()
  const objTimes: number[] = []
  for (let i = 0; i < Math.min(runs, 51); i++) {
    const t0 = now()
    gen.generate(input, dict)
    gen.moves()
    objTimes.push(now() - t0)
  }
  const baseRuns = Math.max(3, Math.min(runs, 21))
  collect()
  const baseTimes: number[] = []
  let baseMoves = 0
  for (let i = 0; i < baseRuns + 3; i++) {
    const t0 = now()
    baseMoves = baseline(board, rows, cols).length
    if (i >= 3) baseTimes.push(now() - t0)
  }
  const med = quantile(times, 0.5)
  const baseMed = median(baseTimes)
  return {
    bench: 'movegen',
    board: `${rows}x${cols}`,
    letters: board.join(''),
    minLength,
    runs,
    warmup,
    medianMs: round(med),
    p90Ms: round(quantile(times, 0.9)),
    minMs: round(times[0]),
    moves,
    withObjectsMedianMs: round(median(objTimes)),
    baselineMedianMs: round(baseMed),
    baselineMoves: baseMoves,
    speedup: round(baseMed / med, 3),
    dictionary: {
      file: wordsFile,
      lang,
      words: dict.size,
      buildMs: round(buildMs),
      encodedBytes: bytes.length,
      decodeMedianMs: round(median(decodeTimes)),
    },
  }
}

const given = args.get('board')
if (given) {
  const board = [...alphabet.fold(given)]
  const rows = Number(args.get('rows') ?? Math.round(Math.sqrt(board.length)))
  const cols = Number(args.get('cols') ?? Math.round(board.length / rows))
  if (rows * cols !== board.length)
    throw new Error(`--board has ${board.length} letters, not ${rows}×${cols}`)
  console.log(JSON.stringify(bench(board, rows, cols)))
} else {
  for (const [rows, cols] of [
    [5, 5],
    [8, 8],
    [13, 10],
  ]) {
    console.log(JSON.stringify(bench(randomBoard(rows, cols, seed * 1000 + rows * 100 + cols), rows, cols)))
  }
}
