import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { applyPatch, diff } from '../../engine/index.ts'

describe('patches (PROTOCOL.md)', () => {
  test('changed cells are sent keyed by index, removed keys as $unset', () => {
    const before = {
      ts: 1,
      board: { cells: [{ owner: 9 }, { owner: 9 }, { owner: 1, specials: { freeze: { side: 0 } } }] },
    }
    const after = { ts: 2, board: { cells: [{ owner: 9 }, { owner: 0 }, { owner: 1, specials: {} }] } }
    const patch = diff(before, after)
    expect(patch).toEqual({
      ts: 2,
      board: { cells: { '1': { owner: 0 }, '2': { specials: { freeze: { $unset: true } } } } },
    })
    expect(applyPatch(before, patch) as unknown).toEqual(after)
  })

  test('an array whose length changes is replaced whole; equal values give an empty patch', () => {
    expect(diff({ wordsUsed: ['a'] }, { wordsUsed: ['a', 'b'] })).toEqual({ wordsUsed: ['a', 'b'] })
    expect(diff({ a: { b: [1, 2] } }, { a: { b: [1, 2] } })).toEqual({})
  })

  test('applying a patch leaves the original untouched', () => {
    const before = { a: { b: 1 }, list: [{ x: 1 }] }
    const copy = structuredClone(before)
    applyPatch(before, diff(before, { a: { b: 2 }, list: [{ x: 3 }] }))
    expect(before).toEqual(copy)
  })

  const json = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.integer(),
      fc.string({ maxLength: 3 }),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), tie('value'), { maxKeys: 4 }),
    ),
  })).value
  const obj = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e'), json, { maxKeys: 5 })

  // The format cannot turn an array into a plain object (an object patch on an array merges by index);
  // the game view never changes a value's kind, so such pairs are left out.
  const isObj = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
  const arrayBecomesObject = (a: unknown, b: unknown): boolean => {
    if (Array.isArray(a) && isObj(b)) return true
    if (Array.isArray(a) && Array.isArray(b))
      return a.length === b.length && a.some((v, i) => arrayBecomesObject(v, b[i]))
    if (isObj(a) && isObj(b)) return Object.keys(b).some((k) => k in a && arrayBecomesObject(a[k], b[k]))
    return false
  }

  test('apply(diff(a, b), a) equals b for any JSON objects (property)', () => {
    fc.assert(
      fc.property(obj, obj, (a, b) => {
        fc.pre(!arrayBecomesObject(a, b))
        expect(applyPatch(a, diff(a, b))).toEqual(b)
      }),
      { numRuns: 3000 },
    )
  })
})
