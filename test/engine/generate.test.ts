import { describe, expect, test } from 'bun:test'
import { ALPHABETS, BOARD, BOARD_SIZES, type Lang } from '../../engine/index.ts'
import { generateBoard } from '../../engine/server.ts'

const rowsOf = (letters: string[], size: number) =>
  Array.from({ length: size }, (_, r) => letters.slice(r * size, r * size + size))

describe('board generation (RULES §1)', () => {
  test('same seed, same board; another seed, another board', () => {
    const a = generateBoard({ size: 5, lang: 'ru', boardType: 'default', seed: 42 })
    const b = generateBoard({ size: 5, lang: 'ru', boardType: 'default', seed: 42 })
    const c = generateBoard({ size: 5, lang: 'ru', boardType: 'default', seed: 43 })
    expect(a.board).toEqual(b.board)
    expect(a.board.cells.map((x) => x.letter)).not.toEqual(c.board.cells.map((x) => x.letter))
  })

  test('bases: row 0 is side 0, the last row side 1, score 5; the rest neutral with score 1', () => {
    const { board } = generateBoard({ size: 6, lang: 'en', boardType: 'default', seed: 7 })
    for (const cell of board.cells) {
      const base = cell.row === 0 ? 0 : cell.row === 5 ? 1 : 9
      expect(cell.owner).toBe(base)
      expect(cell.is_base).toBe(base !== 9)
      expect(cell.score).toBe(base === 9 ? 1 : 5)
      expect(cell.taken_count).toBe(0)
    }
  })

  for (const lang of ['ru', 'en', 'es'] as Lang[]) {
    test(`${lang}: letter constraints hold on 600 seeded boards of every size and type`, () => {
      const alphabet = ALPHABETS[lang]
      for (let seed = 0; seed < 50; seed++) {
        for (const size of BOARD_SIZES) {
          for (const boardType of ['default', 'easy'] as const) {
            const { board } = generateBoard({ size, lang, boardType, seed: seed * 977 + size })
            const letters = board.cells.map((c) => c.letter)
            const hard = letters.filter((l) => alphabet.hard.has(l))
            if (boardType === 'easy') {
              expect(letters.every((l) => alphabet.easy.includes(l))).toBe(true)
            } else {
              expect(letters.every((l) => alphabet.letters.includes(l))).toBe(true)
              expect(hard.length).toBeLessThanOrEqual(BOARD.maxHardLetters)
            }
            for (const row of rowsOf(letters, size)) {
              expect(row.filter((l) => alphabet.hard.has(l)).length).toBeLessThanOrEqual(
                BOARD.maxHardLettersPerRow,
              )
              expect(row.filter((l) => alphabet.vowels.has(l)).length).toBeGreaterThanOrEqual(
                BOARD.minVowelsPerRow,
              )
            }
          }
        }
      }
    })
  }

  test('the acceptance seam redraws until accepted, and stops after maxDraws', () => {
    let calls = 0
    const accepted = generateBoard({
      size: 5,
      lang: 'en',
      boardType: 'default',
      seed: 1,
      accept: () => ++calls === 4,
    })
    expect(accepted).toMatchObject({ draws: 4, accepted: true })
    const never = generateBoard({
      size: 5,
      lang: 'en',
      boardType: 'default',
      seed: 1,
      accept: () => false,
      maxDraws: 7,
    })
    expect(never).toMatchObject({ draws: 7, accepted: false })
  })

  test('hard letters do appear on default boards (the constraint limits them, it does not ban them)', () => {
    let seen = 0
    for (let seed = 0; seed < 100; seed++) {
      const { board } = generateBoard({ size: 8, lang: 'en', boardType: 'default', seed })
      seen += board.cells.filter((c) => ALPHABETS.en.hard.has(c.letter)).length
    }
    expect(seen).toBeGreaterThan(0)
  })
})
