import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { ALPHABETS } from '../../../engine/index.ts'
import {
  buildDictionary,
  createMoveGenerator,
  type Dictionary,
  decodeDictionary,
  dictionaryMoveSource,
  encodeDictionary,
  inputFromBoard,
  inputFromCells,
  listMoves,
  type MoveGenInput,
  type MoveSource,
} from '../../../engine/server.ts'
import { simpleMoveSource } from '../support/simple-moves.ts'
import { activeGame } from '../support/text-board.ts'
import { walkOnly } from '../support/walk-only.ts'

const EN = ALPHABETS.en.letters

/** A letter grid drawn as text: rows of letters, `#` for a cell the side may not use, upper case = own. */
function grid(text: string, dict: Dictionary, minLength = 3): MoveGenInput {
  const rows = text
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
  const cells = rows.flat()
  const letters = new Int8Array(cells.length)
  const usable = new Uint8Array(cells.length)
  const own = new Uint8Array(cells.length)
  cells.forEach((tok, i) => {
    letters[i] = tok === '#' ? -1 : dict.letterIndex(tok.toLowerCase())
    usable[i] = tok === '#' ? 0 : 1
    own[i] = tok !== '#' && tok !== tok.toLowerCase() ? 1 : 0
  })
  return { rows: rows.length, cols: rows[0].length, letters, usable, own, minLength }
}

/** Moves as sorted "word:id-id-id" strings. */
function found(input: MoveGenInput, dict: Dictionary): string[] {
  const gen = createMoveGenerator(4)
  const n = gen.generate(input, dict)
  const out: string[] = []
  for (let i = 0; i < n; i++) out.push(`${gen.word(i)}:${gen.cellIds(i).join('-')}`)
  return out.sort()
}

/** The obvious recursive search, written here from the rules alone. */
function reference(
  rows: number,
  cols: number,
  letters: string[],
  usable: boolean[],
  own: boolean[],
  words: Set<string>,
  minLength: number,
): string[] {
  const out: string[] = []
  const longest = Math.max(0, ...[...words].map((w) => w.length))
  const near = (a: number, b: number) =>
    a !== b &&
    Math.abs(Math.floor(a / cols) - Math.floor(b / cols)) <= 1 &&
    Math.abs((a % cols) - (b % cols)) <= 1
  const walk = (path: number[]) => {
    const word = path.map((c) => letters[c]).join('')
    if (word.length >= minLength && words.has(word) && path.some((c) => !own[c]))
      out.push(`${word}:${path.join('-')}`)
    if (path.length >= longest) return
    for (let c = 0; c < rows * cols; c++) {
      if (usable[c] && !path.includes(c) && near(path[path.length - 1], c)) walk([...path, c])
    }
  }
  for (let c = 0; c < rows * cols; c++) if (usable[c]) walk([c])
  return out.sort()
}

describe('move generator on boards drawn as text', () => {
  const dict = buildDictionary(['cat', 'act', 'tab', 'bat', 'tact', 'at', 'cab'], EN)

  test('a 3×3 board and a small dictionary: every (word, path), exactly', () => {
    // ids:  0 1 2 / 3 4 5 / 6 7 8
    const input = grid(
      `
      c a t
      x b a
      q t c
    `,
      dict,
    )
    expect(found(input, dict)).toEqual([
      'act:5-8-7',
      'bat:4-1-2',
      'bat:4-5-2',
      'bat:4-5-7',
      'cab:0-1-4',
      'cab:8-5-4',
      'cat:0-1-2',
      'cat:8-5-2',
      'cat:8-5-7',
      'tab:2-1-4',
      'tab:2-5-4',
      'tab:7-5-4',
      'tact:2-5-8-7',
    ])
    // "at" is a word but shorter than 3; x and q start nothing.
    expect(found(input, dict)).toEqual(
      reference(
        3,
        3,
        [...'catxbaqtc'],
        Array(9).fill(true),
        Array(9).fill(false),
        new Set(['cat', 'act', 'tab', 'bat', 'tact', 'at', 'cab']),
        3,
      ),
    )
  })

  test('the same word along two paths is two moves; a path never reuses a cell', () => {
    const d = buildDictionary(['aba', 'abab'], EN)
    expect(found(grid('a b a', d), d)).toEqual(['aba:0-1-2', 'aba:2-1-0'])
    expect(found(grid('a b', d), d)).toEqual([])
  })

  test('unusable cells are never used; own cells are, but not a path of own cells only', () => {
    const input = grid(
      `
      C A T
      # b a
      q # c
    `,
      dict,
    )
    // cat:0-1-2 is all own; act:5-8-7, tact:2-5-8-7 and the paths through 7 use an unusable cell.
    expect(found(input, dict)).toEqual([
      'bat:4-1-2',
      'bat:4-5-2',
      'cab:0-1-4',
      'cab:8-5-4',
      'cat:8-5-2',
      'tab:2-1-4',
      'tab:2-5-4',
    ])
  })

  test('minLength: shorter words are left out; 2 lets "at" in', () => {
    const input = grid('a t', dict, 2)
    expect(found(input, dict)).toEqual(['at:0-1'])
    expect(found({ ...input, minLength: 3 }, dict)).toEqual([])
    expect(found({ ...input, minLength: undefined }, dict)).toEqual([]) // BOARD.minWordLength = 3
  })

  test('a rectangular board (rows ≠ cols): neighbours do not wrap around rows', () => {
    const d = buildDictionary(['abc', 'cde', 'ad'], EN)
    // 2 rows × 3 cols: a b c / d e f. c(2) and d(3) are consecutive ids but not neighbours.
    const input = { ...grid('a b c\nd e f', d), minLength: 2 }
    expect(found(input, d)).toEqual(['abc:0-1-2', 'ad:0-3'])
    // 3 rows × 2 cols: a b / c d / e f.
    const tall = { ...grid('a b\nc d\ne f', d), minLength: 2 }
    expect(found(tall, d)).toEqual(['abc:0-1-2', 'ad:0-3', 'cde:2-3-4'])
  })

  test('one-letter words with minLength 1', () => {
    const d = buildDictionary(['a', 'ab'], EN)
    expect(found({ ...grid('a B', d), minLength: 1 }, d)).toEqual(['a:0', 'ab:0-1'])
  })

  test('accessors: length, cellAt, forEachCell, word, move; out of range throws', () => {
    const gen = createMoveGenerator()
    const d = buildDictionary(['tact'], EN)
    expect(gen.generate(grid('t a\nt c', d), d)).toBe(gen.count)
    expect(gen.count).toBeGreaterThan(0)
    const i = 0
    expect(gen.length(i)).toBe(4)
    const seen: number[] = []
    gen.forEachCell(i, (id, k) => {
      expect(k).toBe(seen.length)
      seen.push(id)
    })
    expect(seen).toEqual(gen.cellIds(i))
    expect(seen.map((_, k) => gen.cellAt(i, k))).toEqual(seen)
    expect(gen.move(i)).toEqual({ word: 'tact', cellIds: seen })
    expect(gen.moves()).toHaveLength(gen.count)
    expect(() => gen.word(gen.count)).toThrow(RangeError)
    expect(() => gen.cellAt(0, 4)).toThrow(RangeError)
    expect(() =>
      gen.generate({ letters: new Int8Array(4), usable: new Uint8Array(4), own: new Uint8Array(4) }, d),
    ).toThrow()
    expect(() =>
      gen.generate(
        { size: 3, letters: new Int8Array(4), usable: new Uint8Array(4), own: new Uint8Array(4) },
        d,
      ),
    ).toThrow()
  })

  test('buffers grow past their first size and are reused between calls', () => {
    // A 4×4 board of one letter and words of 3-5 of it: tens of thousands of paths.
    const d = buildDictionary(['aaa', 'aaaa', 'aaaaa'], EN)
    const input = grid('a a a a\na a a a\na a a a\na a a a', d)
    const gen = createMoveGenerator(1)
    const n = gen.generate(input, d)
    const ref = reference(
      4,
      4,
      Array(16).fill('a'),
      Array(16).fill(true),
      Array(16).fill(false),
      new Set(['aaa', 'aaaa', 'aaaaa']),
      3,
    )
    expect(n).toBe(ref.length)
    expect(found(input, d)).toEqual(ref)
    // A smaller board afterwards with the same generator.
    expect(gen.generate(grid('a a a', d), d)).toBe(2)
    expect(gen.moves().map((m) => m.cellIds)).toEqual([
      [0, 1, 2],
      [2, 1, 0],
    ])
  })

  test('a Dictionary that is not the flat one goes through the walk API with the same result', () => {
    const inner = buildDictionary(['cat', 'act', 'tab', 'bat', 'tact', 'cab'], EN)
    const wrapped = walkOnly(inner)
    const input = grid('c a t\nX b a\nq # c', inner)
    expect(found(input, wrapped)).toEqual(found(input, inner))
    expect(found(input, inner).length).toBeGreaterThan(3)
  })
})

describe('from engine boards', () => {
  const list = ['cat', 'act', 'tab', 'bat', 'tact', 'cab', 'bad', 'dab', 'tad', 'cod', 'dot', 'toad']
  const dict = decodeDictionary(encodeDictionary(buildDictionary(list, EN)))

  const game = activeGame(`
    c0 a0 t0 d0
    o. b. a. x.
    d. t. c. o.
    a1 b1 t1 d1
  `)

  test('listMoves equals the plain reference search of the test support, for both sides', () => {
    const simple = simpleMoveSource(list)
    const key = (m: { word: string; cellIds: number[] }) => `${m.word}:${m.cellIds.join('-')}`
    for (const side of [0, 1] as const) {
      const ours = listMoves(game.board, side, dict).map(key).sort()
      expect(ours).toEqual(simple(game, side).map(key).sort())
      expect(ours.length).toBeGreaterThan(0)
    }
  })

  test('inputFromBoard: usable from availability, own from owner', () => {
    const input = inputFromBoard(game.board, 0, dict)
    expect(input.rows).toBe(4)
    expect(input.cols).toBe(4)
    expect([...input.own]).toEqual([1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    expect([...input.usable]).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0])
    expect(input.letters[0]).toBe(dict.letterIndex('c'))
  })

  test('inputFromCells: rectangular cells, letters outside the alphabet unusable', () => {
    const cells = [...'abcdef'].map((letter, i) => ({
      letter: i === 5 ? 'ж' : letter,
      available: 'any' as const,
      owner: 9 as const,
    }))
    const input = inputFromCells(cells, 2, 3, 0, dict)
    expect([...input.usable]).toEqual([1, 1, 1, 1, 1, 0])
    expect(input.letters[5]).toBe(-1)
    expect(() => inputFromCells(cells, 2, 2, 0, dict)).toThrow()
  })

  test('dictionaryMoveSource plugs into the computer opponent as its MoveSource', () => {
    const source: MoveSource = dictionaryMoveSource(dict)
    expect(source(game, 0).length).toBe(listMoves(game.board, 0, dict).length)
  })
})

describe('property: the generator finds exactly what a plain recursive search finds', () => {
  const abc = ['a', 'b', 'c', 'd']
  const shape = fc.record({ rows: fc.integer({ min: 1, max: 4 }), cols: fc.integer({ min: 1, max: 4 }) })
  const caseArb = shape.chain(({ rows, cols }) =>
    fc.record({
      rows: fc.constant(rows),
      cols: fc.constant(cols),
      letters: fc.array(fc.constantFrom(...abc), { minLength: rows * cols, maxLength: rows * cols }),
      usable: fc.array(
        fc.integer({ min: 0, max: 4 }).map((x) => x > 0),
        { minLength: rows * cols, maxLength: rows * cols },
      ),
      own: fc.array(fc.boolean(), { minLength: rows * cols, maxLength: rows * cols }),
      words: fc.array(
        fc.array(fc.constantFrom(...abc), { minLength: 1, maxLength: 6 }).map((l) => l.join('')),
        { maxLength: 40 },
      ),
      minLength: fc.integer({ min: 1, max: 4 }),
    }),
  )

  test('random small boards, random small dictionaries', () => {
    const gen = createMoveGenerator(2)
    fc.assert(
      fc.property(caseArb, (c) => {
        const dict = buildDictionary(c.words, abc)
        const input: MoveGenInput = {
          rows: c.rows,
          cols: c.cols,
          letters: Int8Array.from(c.letters, (l) => abc.indexOf(l)),
          usable: Uint8Array.from(c.usable, Number),
          own: Uint8Array.from(c.own, Number),
          minLength: c.minLength,
        }
        const n = gen.generate(input, dict)
        const ours: string[] = []
        for (let i = 0; i < n; i++) ours.push(`${gen.word(i)}:${gen.cellIds(i).join('-')}`)
        ours.sort()
        expect(ours).toEqual(
          reference(c.rows, c.cols, c.letters, c.usable, c.own, new Set(c.words), c.minLength),
        )
        // The walk-API path (any Dictionary) agrees too.
        expect(found(input, walkOnly(dict))).toEqual(ours)
      }),
      { numRuns: 400 },
    )
  })
})
