import { describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { BOARD, BOARD_SIZES, BOARD_TYPES, boardFromLetters, type Lang } from '../../engine/index.ts'
import {
  countPlayableWords,
  type Dictionary,
  decodeDictionary,
  generateBoard,
  hasOpenings,
  openingsRule,
} from '../../engine/server.ts'
import { simpleMoveSource } from './support/simple-moves.ts'

const DIR = resolve(import.meta.dir, '../../dictionaries')

/** The built `default` list: the rule is defined on it (RULES §1), so the test needs the real one. */
function defaultList(lang: Lang): { dict: Dictionary; words: string[] } {
  const file = resolve(DIR, lang, 'default.wtdg')
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run dictionaries\` before this test`)
  const words = readFileSync(resolve(DIR, lang, 'default.txt'), 'utf8')
    .split('\n')
    .filter(Boolean)
  return { dict: decodeDictionary(new Uint8Array(readFileSync(file))), words }
}

describe('board generation: at least 10 opening words per side (RULES §1)', () => {
  for (const lang of ['ru', 'en'] as const) {
    test(`${lang}: ≥ 99% of 1,000 seeded boards of each size and type pass, and every kept board has its openings`, () => {
      const { dict } = defaultList(lang)
      const accept = openingsRule(dict)
      const short: string[] = []
      for (const size of BOARD_SIZES) {
        for (const boardType of BOARD_TYPES) {
          let passed = 0
          for (let seed = 0; seed < 1000; seed++) {
            const r = generateBoard({ size, lang, boardType, seed, accept })
            expect(r.draws).toBeLessThanOrEqual(BOARD.maxDraws)
            if (!r.accepted) continue
            passed++
            for (const side of [0, 1] as const) {
              expect(countPlayableWords(r.board, side, dict)).toBeGreaterThanOrEqual(BOARD.minOpeningWords)
            }
          }
          if (passed < 990) short.push(`${size}×${size} ${boardType}: ${passed}/1000`)
        }
      }
      expect(short).toEqual([])
    }, 60_000)
  }

  test('the count is of distinct playable words, as a plain search over the list finds them', () => {
    const { dict, words } = defaultList('en')
    const plain = simpleMoveSource(words)
    for (let seed = 0; seed < 20; seed++) {
      const { board } = generateBoard({ size: 5, lang: 'en', boardType: 'default', seed })
      for (const side of [0, 1] as const) {
        const expected = new Set(plain({ board } as Parameters<typeof plain>[0], side).map((m) => m.word))
          .size
        expect(countPlayableWords(board, side, dict)).toBe(expected)
      }
    }
  })

  test('a board where one side has no word fails the rule', () => {
    const { dict } = defaultList('en')
    // Side 0's rows spell common words; side 1's rows are consonants with no word among them.
    const board = boardFromLetters([...'catdoratesbcdfghjklmxzqvw'], 5)
    expect(countPlayableWords(board, 0, dict)).toBeGreaterThanOrEqual(BOARD.minOpeningWords)
    expect(countPlayableWords(board, 1, dict)).toBe(0)
    expect(hasOpenings(board, dict)).toBe(false)
    expect(hasOpenings(board, dict, 0)).toBe(true)
  })

  test('generation with the rule is seeded, and stops after maxDraws with a clear result when none passes', () => {
    const { dict } = defaultList('ru')
    const a = generateBoard({
      size: 5,
      lang: 'ru',
      boardType: 'default',
      seed: 9,
      accept: openingsRule(dict),
    })
    const b = generateBoard({
      size: 5,
      lang: 'ru',
      boardType: 'default',
      seed: 9,
      accept: openingsRule(dict),
    })
    expect(b).toEqual(a)
    const impossible = generateBoard({
      size: 5,
      lang: 'ru',
      boardType: 'default',
      seed: 9,
      accept: openingsRule(dict, 100_000),
      maxDraws: 50,
    })
    expect(impossible).toMatchObject({ accepted: false, draws: 50 })
    expect(impossible.board.cells).toHaveLength(25)
  })
})
