/**
 * The openings rule of board generation (RULES §1) on the built `default` lists: for each language,
 * board size and type, how many of `--boards` seeded boards pass on the first draw, how many pass
 * within BOARD.maxDraws, the mean and max draws, and ms per generated board. Prints JSON.
 *
 *   bun bench/openings.ts [--boards 1000] [--lang ru,en,es]
 */
import {
  BOARD,
  BOARD_SIZES,
  BOARD_TYPES,
  countPlayableWords,
  generateBoard,
  type Lang,
  openingsRule,
} from '../engine/index.ts'
import { flags, loadDictionary } from './lib/dictionaries.ts'
import { round } from './lib/stats.ts'

const args = flags(process.argv.slice(2))
const boards = Number(args.get('boards') ?? 1000)
const langs = (args.get('lang') ?? 'ru,en,es').split(',') as Lang[]

const results = []
for (const lang of langs) {
  const { dict } = loadDictionary(lang, args.get('words'))
  const accept = openingsRule(dict)
  for (const size of BOARD_SIZES) {
    for (const boardType of BOARD_TYPES) {
      let firstDraw = 0
      let accepted = 0
      let draws = 0
      let maxDraws = 0
      let minWords = Number.POSITIVE_INFINITY
      const t = performance.now()
      for (let seed = 0; seed < boards; seed++) {
        const r = generateBoard({ size, lang, boardType, seed, accept })
        if (r.draws === 1 && r.accepted) firstDraw++
        if (r.accepted) accepted++
        draws += r.draws
        maxDraws = Math.max(maxDraws, r.draws)
        for (const side of [0, 1] as const)
          minWords = Math.min(minWords, countPlayableWords(r.board, side, dict))
      }
      results.push({
        lang,
        size,
        boardType,
        boards,
        firstDrawPassRate: round(firstDraw / boards),
        passRate: round(accepted / boards),
        meanDraws: round(draws / boards, 2),
        maxDraws,
        fewestOpeningWords: minWords,
        msPerBoard: round((performance.now() - t) / boards, 2),
      })
    }
  }
}
console.log(
  JSON.stringify(
    { bench: 'openings', minOpeningWords: BOARD.minOpeningWords, maxDraws: BOARD.maxDraws, results },
    null,
    1,
  ),
)
