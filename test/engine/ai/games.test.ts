import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { playMatch } from '../../../bench/lib/match.ts'
import { AI_LEVELS, type AiLevel, ALPHABETS, boardFromLetters, type Side } from '../../../engine/index.ts'
import { buildDictionary, dictionaryMoveSource, generateBoard, openingsRule } from '../../../engine/server.ts'
import { wordListDictionary } from './support.ts'

// Seconds of CPU alone, several times that beside other files in the parallel run (docs/testing.md).
setDefaultTimeout(120_000)

const dict = wordListDictionary()
const source = dictionaryMoveSource(dict)
const board = (seed: number, size = 5) =>
  generateBoard({ size, lang: 'en', boardType: 'default', seed, accept: openingsRule(dict) }).board

const play = (levels: [AiLevel, AiLevel], seed: number, first: Side = 0, size = 5) =>
  playMatch({ board: board(seed, size), lang: 'en', dict, source, levels, first, seed })

describe('whole games between computer levels (real generator, real dictionary)', () => {
  test('the same seed plays the same game; another seed another one', () => {
    for (const level of AI_LEVELS) {
      const a = play([level, 'medium'], 11)
      const b = play([level, 'medium'], 11)
      expect(b).toEqual(a)
    }
    const words = new Set([1, 2, 3].map((s) => play(['medium', 'medium'], 11 + 1000 * s).wordsUsed.join()))
    expect(words.size).toBe(3)
  })

  test('every level plays legal turns to a real end (no turn cap)', () => {
    const games: [AiLevel, AiLevel, number][] = AI_LEVELS.map((level, i) => [
      level,
      AI_LEVELS[(i + 1) % 5],
      5,
    ])
    games.push(['veryEasy', 'easy', 8], ['medium', 'veryHard', 8])
    for (const [i, [a, b, size]] of games.entries()) {
      // playMatch throws when a level chooses a move that applyTurn refuses.
      const r = play([a, b], 100 + i, (i % 2) as Side, size)
      expect(r.reason).not.toBe('turnCap')
      expect(r.winner === 0 || r.winner === 1).toBe(true)
      expect(new Set(r.wordsUsed).size).toBe(r.wordsUsed.length)
    }
  })

  test('very hard beats very easy and hard beats easy, whichever side and first mover', () => {
    for (let k = 0; k < 4; k++) {
      const side = (k % 2) as Side
      const vs = (strong: AiLevel, weak: AiLevel) =>
        play(side === 0 ? [strong, weak] : [weak, strong], 200 + k, ((k >> 1) % 2) as Side).winner
      expect(vs('veryHard', 'veryEasy')).toBe(side)
      expect(vs('hard', 'easy')).toBe(side)
    }
  })
})

describe('a side with no playable word gives up (the server rule, docs/server.md)', () => {
  // Side 0 has words in its first two rows; side 1's letters spell nothing, row 2 blocks the way.
  const letters = [...'catsoeranddbbbbbxqzjvwykwy']
  const small = buildDictionary(
    ['ear', 'era', 'tea', 'eat', 'sea', 'ate', 'tar', 'rat', 'art', 'and', 'end'],
    ALPHABETS.en.letters,
  )
  const match = (first: Side, list = small) =>
    playMatch({
      board: boardFromLetters(letters.slice(0, 25), 5),
      lang: 'en',
      dict: list,
      source: dictionaryMoveSource(list),
      levels: ['hard', 'hard'],
      first,
      seed: 1,
    })

  test('the side without a word resigns (noWord) on its first turn without one', () => {
    expect(match(1)).toMatchObject({ winner: 0, reason: 'noWord', wordsUsed: [] })
    const r = match(0)
    expect(r).toMatchObject({ winner: 0, reason: 'noWord' })
    expect(r.wordsUsed).toHaveLength(1)
  })

  test('when neither side has a word the first mover gives up', () => {
    const none = buildDictionary(['qqq'], ALPHABETS.en.letters)
    expect(match(0, none)).toMatchObject({ winner: 1, reason: 'noWord', wordsUsed: [] })
    expect(match(1, none)).toMatchObject({ winner: 0, reason: 'noWord', wordsUsed: [] })
  })
})
