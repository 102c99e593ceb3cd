/**
 * Thinking time of each computer level on 8×8 boards (target: ≤ 200 ms a move, RULES §8 issue).
 * Prints one JSON object: per language and level, median / p90 / max ms of one decision (move
 * generation included), over every decision of `--games` self-play games of that level. Each
 * decision is timed `--timings` times from the same state and the fastest kept: on a shared
 * machine a single timing also measures other processes and GC pauses.
 *
 *   bun bench/ai-move.ts [--games 6] [--lang en,ru] [--size 8] [--dict default|wide|full]
 *                        [--timings 3] [--words FILE]
 *
 * One unmeasured game per language warms the JIT first, as a running server would be.
 */
import {
  AI_LEVELS,
  type AiLevel,
  type BoardSize,
  type DictType,
  type Lang,
  seedFromString,
} from '../engine/index.ts'
import { dictionaryMoveSource, generateBoard, openingsRule } from '../engine/server.ts'
import { flags, loadDictionary } from './lib/dictionaries.ts'
import { playMatch } from './lib/match.ts'
import { quantile, round } from './lib/stats.ts'

const args = flags(process.argv.slice(2))
const games = Math.max(1, Number(args.get('games') ?? 6))
const langs = (args.get('lang') ?? 'en,ru').split(',') as Lang[]
const size = Number(args.get('size') ?? 8) as BoardSize
const dictType = (args.get('dict') ?? 'default') as DictType
const timings = Math.max(1, Number(args.get('timings') ?? 3))

function timesFor(lang: Lang) {
  const { dict, source } = loadDictionary(lang, args.get('words'), dictType)
  const moves = dictionaryMoveSource(dict)
  const accept = openingsRule(dict)
  const boardOf = (k: number) =>
    generateBoard({ size, lang, boardType: 'default', seed: seedFromString(`ai-move:${k}`), accept }).board
  const run = (level: AiLevel, k: number, record?: (ms: number) => void) =>
    playMatch({
      board: boardOf(k),
      lang,
      dict,
      source: moves,
      levels: [level, level],
      first: (Math.abs(k) % 2) as 0 | 1,
      seed: k,
      timings,
      onMove: (_l, ms) => record?.(ms),
    })
  run('veryHard', -1)
  const levels = AI_LEVELS.map((level) => {
    const ms: number[] = []
    let turns = 0
    for (let k = 0; k < games; k++) turns += run(level, k, (t) => ms.push(t)).turns
    ms.sort((a, b) => a - b)
    return {
      level,
      decisions: ms.length,
      avgGameTurns: round(turns / games, 1),
      medianMs: round(quantile(ms, 0.5), 2),
      p90Ms: round(quantile(ms, 0.9), 2),
      maxMs: round(ms[ms.length - 1], 2),
    }
  })
  return { lang, dictType, dictionary: source, words: dict.size, size, timings, levels }
}

console.log(JSON.stringify({ bench: 'ai-move', targetMaxMs: 200, results: langs.map(timesFor) }, null, 1))
