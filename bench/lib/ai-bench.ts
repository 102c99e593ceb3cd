/**
 * What the computer-vs-computer benches (ai-ladder, ai-move) share: their common flags, and per
 * language the word list, its move source and the seeded boards their games are played on (each
 * kept only when it passes the openings rule, as in the game).
 *
 *   --games N  --lang en,ru  --size N  --words FILE
 */
import {
  type BoardSize,
  type BoardType,
  type DictType,
  type Lang,
  seedFromString,
} from '../../engine/index.ts'
import { dictionaryMoveSource, generateBoard, openingsRule } from '../../engine/server.ts'
import { flags, loadDictionary } from './dictionaries.ts'
import { type MatchOptions, playMatch } from './match.ts'

/** The common flags read (`--games` at least `defaults.minGames`), and the games of a language. */
export function aiBench(defaults: { games: number; minGames: number; size: BoardSize }) {
  const args = flags(process.argv.slice(2))
  const size = Number(args.get('size') ?? defaults.size) as BoardSize

  /**
   * One language's games: `play(k, match)` plays `match` on board `k`, drawn from the seed
   * `<seedKey>:<k>`. `dictionary` is where the words came from, for the report.
   */
  function inLanguage(lang: Lang, options: { dictType?: DictType; boardType: BoardType; seedKey: string }) {
    const { dict, source } = loadDictionary(lang, args.get('words'), options.dictType)
    const moves = dictionaryMoveSource(dict)
    const accept = openingsRule(dict)
    const { boardType, seedKey } = options
    const boardOf = (k: number) =>
      generateBoard({ size, lang, boardType, seed: seedFromString(`${seedKey}:${k}`), accept }).board
    const play = (k: number, match: Omit<MatchOptions, 'board' | 'lang' | 'dict' | 'source'>) =>
      playMatch({ board: boardOf(k), lang, dict, source: moves, ...match })
    return { dict, dictionary: source, play }
  }

  return {
    /** Every flag given, for the bench's own. */
    args,
    games: Math.max(defaults.minGames, Number(args.get('games') ?? defaults.games)),
    langs: (args.get('lang') ?? 'en,ru').split(',') as Lang[],
    size,
    inLanguage,
  }
}
