import { describe, expect, test } from 'bun:test'
import { playMatch, startedGame } from '../../../bench/lib/match.ts'
import { applyTurn, createRng, type Game } from '../../../engine/index.ts'
import {
  AI_TUNING,
  chooseHint,
  chooseMove,
  dictionaryMoveSource,
  generateBoard,
  openingsRule,
} from '../../../engine/server.ts'
import { simpleMoveSource } from '../support/simple-moves.ts'
import { activeGame } from '../support/text-board.ts'
import { wordListDictionary } from './support.ts'

const dict = wordListDictionary()
const source = dictionaryMoveSource(dict)

/** Positions from a real game: the first `turns` words of a medium vs medium game, replayed. */
function positions(seed: number, turns: number): Game[] {
  const board = generateBoard({
    size: 6,
    lang: 'en',
    boardType: 'default',
    seed,
    accept: openingsRule(dict),
  }).board
  const { wordsUsed } = playMatch({
    board,
    lang: 'en',
    dict,
    source,
    levels: ['medium', 'medium'],
    first: 0,
    seed,
  })
  let game = startedGame(board, 'en', 0)
  const out: Game[] = []
  for (const word of wordsUsed.slice(0, turns)) {
    out.push(game)
    const side = game.turnAvailable!
    const move = source(game, side).find((m) => m.word === word)!
    const r = applyTurn(game, { side, cellIds: move.cellIds }, dict, game.turnStartedAt!)
    if (!r.ok) throw new Error(r.error)
    game = r.value.game
  }
  return out
}

describe('hints (RULES §6)', () => {
  const games = positions(3, 20)

  test('a hint is always a playable word, never one already played', () => {
    for (const [i, game] of games.entries()) {
      const side = game.turnAvailable!
      const hint = chooseHint(game, side, source, createRng(i))!
      expect(game.wordsUsed).not.toContain(hint.word)
      const played = applyTurn(game, { side, cellIds: hint.cellIds }, dict, game.turnStartedAt!)
      expect(played.ok && played.value.word).toBe(hint.word)
    }
  })

  test('a hint is a good word, not always the best: one of the best few, varying with the seed', () => {
    let notBest = 0
    for (const game of games) {
      const side = game.turnAvailable!
      const best = chooseMove(game, side, 'hard', dict, source, createRng(0))!.word
      const hints = new Set<string>()
      for (let seed = 0; seed < 10; seed++) hints.add(chooseHint(game, side, source, createRng(seed))!.word)
      expect(hints.size).toBeLessThanOrEqual(AI_TUNING.hint.top)
      if ([...hints].some((w) => w !== best)) notBest++
    }
    expect(notBest).toBe(games.length)
  })

  test('the same seed gives the same hint; no playable word gives null (HINT_ERROR)', () => {
    const game = games[5]
    const side = game.turnAvailable!
    expect(chooseHint(game, side, source, createRng(7))).toEqual(chooseHint(game, side, source, createRng(7)))
    const stuck = activeGame(`
      c0 a0 t0
      o. x. e.
      d1 o1 g1
    `)
    stuck.wordsUsed.push('cat')
    expect(chooseHint(stuck, 0, simpleMoveSource(['cat']), createRng(1))).toBeNull()
  })
})
