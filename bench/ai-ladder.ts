/**
 * Computer levels against each other (RULES §8): every level against the next one up, and hard
 * against hard for the first mover's advantage. Prints one JSON object.
 *
 *   bun bench/ai-ladder.ts [--games N] [--lang en,ru] [--size 5] [--board-type default]
 *                          [--words FILE] [--max-turns 1000] [--seed 1]
 *
 * Games come in pairs on one board (seeded, kept only when it passes the openings rule, as in the
 * game): each level plays each side once, side 0 moving first, so neither the board's halves nor
 * the first move favours a level. Hard vs hard plays `games` boards, the first mover alternating.
 * A game that hits --max-turns counts as a draw and is reported under `capped`; `giveups` counts
 * games a side ended by giving up for want of a playable word (the server's rule). Each rate comes
 * with its 95% (Wilson) interval: 20 games a pair is a smoke run (± 20%), 400 pin it to ± 4%.
 * --words replaces the built `default` list (dictionaries/<lang>/default.wtdg) with a plain list.
 */
import { AI_LEVELS, type AiLevel, type BoardType, type Lang, type Side } from '../engine/index.ts'
import { aiBench } from './lib/ai-bench.ts'
import { FirstMoverTally, round, wilson } from './lib/stats.ts'

const bench = aiBench({ games: 20, minGames: 2, size: 5 })
const { args, games, size } = bench
const boardType = (args.get('board-type') ?? 'default') as BoardType
const maxTurns = Number(args.get('max-turns') ?? 1000)
const baseSeed = Number(args.get('seed') ?? 1)
const only = args.get('pair') // e.g. "hard-veryHard", to run one pair while tuning
/** Each level beats the one below in ≥ 70% of games; hard vs hard first mover 50 ± 5%. */
const TARGET = { winRate: 0.7, firstMoverTolerance: 0.05 }

function ladderFor(lang: Lang) {
  const language = bench.inLanguage(lang, { boardType, seedKey: `ladder:${baseSeed}` })
  const play = (levels: [AiLevel, AiLevel], first: Side, k: number) =>
    language.play(k, { levels, first, seed: baseSeed * 7919 + k, maxTurns })

  const pairs = []
  for (let i = 0; i + 1 < AI_LEVELS.length; i++) {
    const lower = AI_LEVELS[i]
    const upper = AI_LEVELS[i + 1]
    if (only && only !== `${lower}-${upper}`) continue
    let upperWins = 0
    let lowerWins = 0
    let capped = 0
    let giveups = 0
    let turns = 0
    let firstWins = 0
    for (let g = 0; g < games; g++) {
      const upperSide = (g % 2) as Side
      const levels: [AiLevel, AiLevel] = upperSide === 0 ? [upper, lower] : [lower, upper]
      const r = play(levels, 0, Math.floor(g / 2))
      turns += r.turns
      if (r.reason === 'noWord') giveups++
      if (r.winner === null) capped++
      else if (r.winner === upperSide) upperWins++
      else lowerWins++
      if (r.winner === r.first) firstWins++
    }
    const [lo, hi] = wilson(upperWins, games)
    pairs.push({
      pair: `${upper} vs ${lower}`,
      games,
      upperWins,
      lowerWins,
      capped,
      giveups,
      upperWinRate: round(upperWins / games),
      ci95: [round(lo), round(hi)],
      meetsTarget: upperWins / games >= TARGET.winRate,
      avgTurns: round(turns / games, 1),
      firstMoverWinRate: round(firstWins / games),
    })
  }

  let firstMover = null
  if (!only || only === 'hard-hard') {
    const first = new FirstMoverTally()
    let giveups = 0
    let turns = 0
    for (let g = 0; g < games; g++) {
      const r = play(['hard', 'hard'], (g % 2) as Side, Math.floor(g / 2))
      turns += r.turns
      if (r.reason === 'noWord') giveups++
      first.add(r.winner, r.first)
    }
    firstMover = {
      games,
      decided: first.decided,
      giveups,
      firstMoverWins: first.wins,
      firstMoverWinRate: round(first.rate),
      ci95: first.interval95(),
      meetsTarget: Math.abs(first.rate - 0.5) <= TARGET.firstMoverTolerance,
      avgTurns: round(turns / games, 1),
    }
  }
  return {
    lang,
    dictionary: language.dictionary,
    words: language.dict.size,
    size,
    boardType,
    pairs,
    hardVsHard: firstMover,
  }
}

const started = performance.now()
const results = bench.langs.map(ladderFor)
console.log(
  JSON.stringify(
    {
      bench: 'ai-ladder',
      gamesPerPair: games,
      results,
      seconds: round((performance.now() - started) / 1000, 1),
    },
    null,
    1,
  ),
)
