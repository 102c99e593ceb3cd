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
import { AI_LEVELS, type AiLevel, type DictType, type Lang } from '../engine/index.ts'
import { aiBench } from './lib/ai-bench.ts'
import { quantile, round } from './lib/stats.ts'

const bench = aiBench({ games: 6, minGames: 1, size: 8 })
const { args, games, size } = bench
const dictType = (args.get('dict') ?? 'default') as DictType
const timings = Math.max(1, Number(args.get('timings') ?? 3))

function timesFor(lang: Lang) {
  const { dict, dictionary, play } = bench.inLanguage(lang, {
    dictType,
    boardType: 'default',
    seedKey: 'ai-move',
  })
  const run = (level: AiLevel, k: number, record?: (ms: number) => void) =>
    play(k, {
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
  return { lang, dictType, dictionary, words: dict.size, size, timings, levels }
}

console.log(
  JSON.stringify({ bench: 'ai-move', targetMaxMs: 200, results: bench.langs.map(timesFor) }, null, 1),
)
