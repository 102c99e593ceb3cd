import { describe, expect, test } from 'bun:test'
import { resolve } from 'node:path'
import { LANGS } from '../../engine/index.ts'
import { loadDictionaries } from '../../src/dictionaries/store.ts'
import { DEMO_BOARDS, wordOf } from '../../web/signin/demo-boards.ts'
import { chipName, demoKeyframes, fillName, ringName } from '../../web/signin/demo-motion.ts'

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

describe("the demo's motion (the compositor's, not the main thread's)", () => {
  for (const lang of LANGS)
    test(`${lang}: every layer has its keyframes, which move only opacity and transform and switch opacity at once`, () => {
      const board = DEMO_BOARDS[lang]
      const css = demoKeyframes(board)
      const frames = new Map([...css.matchAll(/@keyframes ([\w-]+)\{(.*?\})\}/g)].map((m) => [m[1], m[2]]))
      const names = board.moves.flatMap((move, m) => [
        chipName(m),
        ...move.cells.flatMap((_, step) => [ringName(m, step), fillName(m, step)]),
      ])
      expect([...frames.keys()].sort()).toEqual(names.sort())
      for (const [name, body] of frames) {
        const properties = [...body.matchAll(/\{([a-z-]+):/g)].map((m) => m[1])
        expect(new Set(properties)).toEqual(
          new Set(name.startsWith('demo-fill') ? ['opacity', 'transform'] : ['opacity']),
        )
        // Opacity is only ever 0 or 1: no half-faded chip (whose contrast a check would fail).
        for (const [, value] of body.matchAll(/opacity:([\d.]+)/g)) expect(['0', '1']).toContain(value)
        // Hidden at the start and the end of the loop, shown in between.
        expect(body).toMatch(/^0%,[\d.]+%\{opacity:0\}/)
        expect(body).toContain('100%{opacity:0}')
        expect(body).toContain('{opacity:1}')
      }
      // A word's chip shows once its last letter is taken, until the next word's chip.
      const shownAt = (name: string) =>
        Number(frames.get(name)!.match(/\}([\d.]+)%,[\d.]+%\{opacity:1\}/)![1])
      const last = board.moves[0].cells.length - 1
      expect(shownAt(chipName(0))).toBe(shownAt(fillName(0, last)))
      expect(shownAt(chipName(1))).toBeGreaterThan(shownAt(chipName(0)))
    })
})
