import { describe, expect, test } from 'bun:test'
import { resolve } from 'node:path'
import { LANGS } from '../../engine/index.ts'
import { loadDictionaries } from '../../src/dictionaries/store.ts'
import { DEMO_BOARDS, wordOf } from '../../web/signin/demo-boards.ts'

const dictionaries = loadDictionaries(resolve(import.meta.dir, '../../dictionaries'))
const near = (a: readonly [number, number], b: readonly [number, number]) =>
  Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])) === 1

describe("the sign-in page's demo game plays by the rules", () => {
  for (const lang of LANGS) {
    test(`${lang}: a square board, words of the default dictionary on paths grown from each side's land`, () => {
      const board = DEMO_BOARDS[lang]
      const size = board.rows.length
      for (const row of board.rows) expect([...row]).toHaveLength(size)
      // Side 0's base is the last row (you at the bottom), side 1's the first.
      const land: [number, number][][] = [
        Array.from({ length: size }, (_, c) => [size - 1, c] as [number, number]),
        Array.from({ length: size }, (_, c) => [0, c] as [number, number]),
      ]
      const taken = new Set(land.flat().map(([r, c]) => `${r}:${c}`))
      for (const move of board.moves) {
        const word = wordOf(board, move).toLowerCase()
        expect(word.length).toBeGreaterThanOrEqual(3)
        expect(dictionaries.get(lang, 'default')?.has(word)).toBe(true)
        // Each letter next to the one before and to the mover's cells (RULES: playable cells); none taken before.
        move.cells.forEach((cell, i) => {
          expect(taken.has(`${cell[0]}:${cell[1]}`)).toBe(false)
          if (i > 0) expect(near(cell, move.cells[i - 1])).toBe(true)
          expect(land[move.side].some((own) => near(own, cell))).toBe(true)
        })
        for (const cell of move.cells) {
          land[move.side].push([cell[0], cell[1]])
          taken.add(`${cell[0]}:${cell[1]}`)
        }
      }
    })
  }
})
