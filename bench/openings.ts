/**
 * Board generation (RULES §1) on the built `default` lists. Prints JSON with two parts:
 *
 * `results`: the openings rule for each language, board size and type: how many of `--boards`
 * seeded boards pass on the first draw, how many within BOARD.maxDraws, the mean and max draws, and
 * ms per generated board; with the fair-board rule (BOARD.fairMargin) beside it: its pass rate,
 * mean draws and ms per board.
 *
 * `fairness`: hard vs hard on 5×5 `default` boards (`--games` boards per language, each played
 * twice, once with each side moving first), before (openings rule only) and after (fair boards):
 * the first mover's win rate with its 95% interval; how often the board decided (the same side won
 * both games, whoever moved first); how often the side with the better opening value won; how far
 * apart the two sides' best opening values were; and how many draws a board took.
 *
 *   bun bench/openings.ts [--boards 1000] [--lang ru,en,es] [--games 200] [--fair-lang en,ru]
 */
import {
  BOARD,
  BOARD_SIZES,
  BOARD_TYPES,
  type Board,
  type Lang,
  type Side,
  seedFromString,
} from '../engine/index.ts'
import {
  countPlayableWords,
  type Dictionary,
  dictionaryMoveSource,
  fairBoardRule,
  generateBoard,
  openingsRule,
  openingValues,
} from '../engine/server.ts'
import { flags, loadDictionary } from './lib/dictionaries.ts'
import { playMatch } from './lib/match.ts'
import { FirstMoverTally, quantile, round } from './lib/stats.ts'

const args = flags(process.argv.slice(2))
const boards = Number(args.get('boards') ?? 1000)
const langs = (args.get('lang') ?? 'ru,en,es').split(',') as Lang[]
const games = Number(args.get('games') ?? 200)
const fairLangs = (args.get('fair-lang') ?? 'en,ru').split(',') as Lang[]

function passRates(lang: Lang, dict: Dictionary) {
  const rules = { openings: openingsRule(dict), fair: fairBoardRule(dict) }
  const out = []
  for (const size of BOARD_SIZES) {
    for (const boardType of BOARD_TYPES) {
      let firstDraw = 0
      let accepted = 0
      let draws = 0
      let maxDraws = 0
      let minWords = Number.POSITIVE_INFINITY
      let t = performance.now()
      for (let seed = 0; seed < boards; seed++) {
        const r = generateBoard({ size, lang, boardType, seed, accept: rules.openings })
        if (r.draws === 1 && r.accepted) firstDraw++
        if (r.accepted) accepted++
        draws += r.draws
        maxDraws = Math.max(maxDraws, r.draws)
        for (const side of [0, 1] as const)
          minWords = Math.min(minWords, countPlayableWords(r.board, side, dict))
      }
      const msPerBoard = round((performance.now() - t) / boards, 2)
      let fairAccepted = 0
      let fairDraws = 0
      t = performance.now()
      for (let seed = 0; seed < boards; seed++) {
        const r = generateBoard({ size, lang, boardType, seed, accept: rules.fair })
        if (r.accepted) fairAccepted++
        fairDraws += r.draws
      }
      out.push({
        lang,
        size,
        boardType,
        boards,
        firstDrawPassRate: round(firstDraw / boards),
        passRate: round(accepted / boards),
        meanDraws: round(draws / boards, 2),
        maxDraws,
        fewestOpeningWords: minWords,
        msPerBoard,
        fair: {
          passRate: round(fairAccepted / boards),
          meanDraws: round(fairDraws / boards, 2),
          msPerBoard: round((performance.now() - t) / boards, 2),
        },
      })
    }
  }
  return out
}

/** Hard vs hard on `games` boards drawn under `accept`, each board played with either side first. */
function firstMover(lang: Lang, dict: Dictionary, rule: 'openings' | 'fair') {
  const accept = rule === 'fair' ? fairBoardRule(dict) : openingsRule(dict)
  const source = dictionaryMoveSource(dict)
  const tally = new FirstMoverTally()
  let played = 0
  let draws = 0
  // A board "decides" when one side wins with either side moving first; the favoured side is the
  // one with the better opening value.
  let boardDecided = 0
  let favouredWins = 0
  let favouredGames = 0
  const gaps: number[] = []
  for (let k = 0; k < games; k++) {
    const seed = seedFromString(`fair:${lang}:${k}`)
    const r = generateBoard({ size: 5, lang, boardType: 'default', seed, accept })
    draws += r.draws
    const board: Board = r.board
    const [a, b] = openingValues(board, dict)
    gaps.push(Math.abs(a - b))
    const favoured: Side | null = a === b ? null : a > b ? 0 : 1
    const winners: (Side | null)[] = []
    for (const first of [0, 1] as Side[]) {
      const m = playMatch({
        board,
        lang,
        dict,
        source,
        levels: ['hard', 'hard'],
        first,
        seed: k,
        boostersOn: false,
      })
      played++
      winners.push(m.winner)
      tally.add(m.winner, first)
      if (m.winner === null) continue
      if (favoured !== null) {
        favouredGames++
        if (m.winner === favoured) favouredWins++
      }
    }
    if (winners[0] !== null && winners[0] === winners[1]) boardDecided++
  }
  gaps.sort((x, y) => x - y)
  return {
    rule,
    games: played,
    decided: tally.decided,
    firstMoverWinRate: round(tally.rate),
    interval95: tally.interval95(),
    boardDecidedRate: round(boardDecided / games),
    favouredSideWinRate: round(favouredWins / Math.max(1, favouredGames)),
    openingGap: {
      median: round(quantile(gaps, 0.5), 2),
      p90: round(quantile(gaps, 0.9), 2),
      max: round(gaps.at(-1) ?? 0, 2),
    },
    meanDraws: round(draws / games, 2),
  }
}

const results = []
for (const lang of langs) {
  const { dict } = loadDictionary(lang, args.get('words'))
  results.push(...passRates(lang, dict))
}
const fairness = []
for (const lang of fairLangs) {
  const { dict } = loadDictionary(lang, args.get('words'))
  fairness.push({
    lang,
    size: 5,
    before: firstMover(lang, dict, 'openings'),
    after: firstMover(lang, dict, 'fair'),
  })
}
console.log(
  JSON.stringify(
    {
      bench: 'openings',
      minOpeningWords: BOARD.minOpeningWords,
      maxDraws: BOARD.maxDraws,
      fairMargin: BOARD.fairMargin,
      results,
      fairness,
    },
    null,
    1,
  ),
)
