import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { ALPHABETS } from '../../../engine/index.ts'
import {
  buildDictionary,
  DICTIONARY_MAGIC,
  type Dictionary,
  decodeDictionary,
  dictionaryWords,
  encodeDictionary,
  type FlatDictionary,
} from '../../../engine/server.ts'
import { walkOnly } from '../support/walk-only.ts'

const EN = ALPHABETS.en.letters
const RU = ALPHABETS.ru.letters
const WORDS = ['cat', 'cats', 'car', 'cart', 'dog', 'dot', 'a', 'zebra', 'quiz']

/** Walks `word` with the low-level API. */
function walk(dict: Dictionary, word: string): number {
  let node = dict.root()
  for (const ch of word) {
    node = dict.child(node, dict.letterIndex(ch))
    if (node < 0) return -1
  }
  return node
}

/** Sorted the way dictionaryWords enumerates: by letter index. */
function byLetters(letters: readonly string[], words: Iterable<string>): string[] {
  const key = (w: string) => [...w].map((ch) => String.fromCharCode(65 + letters.indexOf(ch))).join('')
  return [...words].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
}

describe('buildDictionary', () => {
  const dict = buildDictionary(WORDS, EN)

  test('members, non-members and prefixes', () => {
    for (const w of WORDS) expect(dict.has(w)).toBe(true)
    for (const w of ['ca', 'c', 'catss', 'do', 'dogs', 'zebr', 'b', '', 'Cat', 'cat ', 'кот']) {
      expect(dict.has(w)).toBe(false)
    }
    expect(dict.size).toBe(WORDS.length)
    expect(dict.letters).toEqual(EN)
  })

  test('letterIndex follows the alphabet; -1 outside it', () => {
    EN.forEach((l, i) => {
      expect(dict.letterIndex(l)).toBe(i)
    })
    for (const l of ['A', 'ё', 'е', '', 'ab', '1', 'ñ']) expect(dict.letterIndex(l)).toBe(-1)
  })

  test('low-level walk: root is the empty prefix, child is -1 when absent, isWord at word ends', () => {
    expect(dict.isWord(dict.root())).toBe(false)
    expect(dict.child(dict.root(), dict.letterIndex('x'))).toBe(-1)
    expect(dict.child(dict.root(), -1)).toBe(-1)
    expect(dict.child(dict.root(), 99)).toBe(-1)
    expect(dict.child(-1, 0)).toBe(-1)
    expect(dict.isWord(-1)).toBe(false)
    const ca = walk(dict, 'ca')
    expect(ca).toBeGreaterThanOrEqual(0)
    expect(dict.isWord(ca)).toBe(false)
    expect(dict.isWord(walk(dict, 'cat'))).toBe(true)
    expect(dict.isWord(walk(dict, 'cats'))).toBe(true)
    expect(walk(dict, 'catz')).toBe(-1)
    expect(dict.isWord(walk(dict, 'a'))).toBe(true)
  })

  test('skips words with letters outside the alphabet, empty strings and duplicates', () => {
    const d = buildDictionary(['cat', 'Cat', 'café', 'do g', '', 'cat', 'ёж', 'dog'], EN)
    expect(d.size).toBe(2)
    expect([...dictionaryWords(d)]).toEqual(['cat', 'dog'])
    const ru = buildDictionary(['ёж', 'еж', 'кот', 'cat', 'объём', 'объем'], RU)
    expect(ru.size).toBe(3)
    expect(ru.has('еж') && ru.has('кот') && ru.has('объем')).toBe(true)
    expect(ru.has('ёж')).toBe(false)
  })

  test('unsorted input gives the same dictionary as sorted input', () => {
    const a = buildDictionary([...WORDS].reverse(), EN)
    const b = buildDictionary([...WORDS].sort(), EN)
    expect(encodeDictionary(a)).toEqual(encodeDictionary(b))
  })

  test('an empty dictionary answers no to everything', () => {
    const d = buildDictionary([], EN)
    expect(d.size).toBe(0)
    expect(d.has('a')).toBe(false)
    expect(d.child(d.root(), 0)).toBe(-1)
    expect(decodeDictionary(encodeDictionary(d)).has('a')).toBe(false)
  })

  test('the 32nd letter of a 32-letter alphabet (the sign bit of a node mask) works', () => {
    expect(RU.length).toBe(32)
    const last = RU[31]
    const first = RU[0]
    const words = [`${last}${last}`, `${first}${last}${first}`, `${last}`, `${first}${first}${last}`]
    const d = decodeDictionary(encodeDictionary(buildDictionary(words, RU)))
    for (const w of words) expect(d.has(w)).toBe(true)
    expect(d.has(`${last}${last}${last}`)).toBe(false)
    expect(d.has(`${first}${last}`)).toBe(false)
    expect(byLetters(RU, dictionaryWords(d))).toEqual(byLetters(RU, words))
  })

  test('shares common suffixes (a minimal DAWG, not a trie)', () => {
    const stems = ['walk', 'talk', 'jump', 'play', 'work', 'look', 'call', 'help']
    const words = stems.flatMap((s) => [s, `${s}s`, `${s}ed`, `${s}ing`, `${s}er`, `${s}ers`])
    const d = buildDictionary(words, EN) as FlatDictionary
    const trieNodes = new Set(words.flatMap((w) => [...w].map((_, i) => w.slice(0, i + 1)))).size + 1
    expect(d.nodes.length / 2).toBeLessThan(trieNodes / 3)
    expect(d.edges.length).toBeLessThan(trieNodes / 2)
    for (const w of words) expect(d.has(w)).toBe(true)
    expect(d.has('walkeds')).toBe(false)
    expect(d.size).toBe(words.length)
  })

  test('rejects alphabets the layout cannot hold', () => {
    expect(() => buildDictionary(['a'], [...EN, 'é', 'ñ', 'ç', 'ß', 'ø', 'å', 'æ'])).toThrow(/at most 32/)
    expect(() => buildDictionary(['a'], ['a', 'a'])).toThrow(/twice/)
    expect(() => buildDictionary(['a'], ['a', 'bc'])).toThrow(/one character/)
  })
})

describe('encodeDictionary / decodeDictionary', () => {
  const dict = buildDictionary(WORDS, EN)
  const bytes = encodeDictionary(dict)

  test('round trip keeps words, size and letters', () => {
    const back = decodeDictionary(bytes)
    expect(back.size).toBe(dict.size)
    expect(back.letters).toEqual(EN)
    expect([...dictionaryWords(back)]).toEqual([...dictionaryWords(dict)])
    for (const w of ['cat', 'cats', 'ca', 'catz', 'quiz', 'qui']) expect(back.has(w)).toBe(dict.has(w))
  })

  test('header: magic, version, counts; arrays 4-byte aligned', () => {
    expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe(DICTIONARY_MAGIC)
    const view = new DataView(bytes.buffer, bytes.byteOffset)
    expect(view.getUint32(4, true)).toBe(1)
    expect(view.getUint32(8, true)).toBe(EN.length)
    expect(view.getUint32(12, true)).toBe(WORDS.length)
    const nodes = view.getUint32(16, true)
    const edges = view.getUint32(20, true)
    expect(bytes.length).toBe(96 + 8 * nodes + 4 * edges)
  })

  test('decoding views the bytes instead of copying them', () => {
    const back = decodeDictionary(bytes) as FlatDictionary
    expect(back.nodes.buffer).toBe(bytes.buffer)
    expect(back.nodes.byteOffset).toBe(bytes.byteOffset + 96)
    expect(back.edges.buffer).toBe(bytes.buffer)
  })

  test('misaligned input (a slice at an odd offset) still decodes', () => {
    const padded = new Uint8Array(bytes.length + 3)
    padded.set(bytes, 3)
    const back = decodeDictionary(padded.subarray(3))
    expect(back.has('cart')).toBe(true)
    expect(back.has('car')).toBe(true)
    expect(back.has('ca')).toBe(false)
  })

  test('bad files are refused', () => {
    expect(() => decodeDictionary(new Uint8Array(10))).toThrow(/too short/)
    const badMagic = bytes.slice()
    badMagic[0] = 0x58
    expect(() => decodeDictionary(badMagic)).toThrow(/magic/)
    const badVersion = bytes.slice()
    badVersion[4] = 9
    expect(() => decodeDictionary(badVersion)).toThrow(/version/)
    expect(() => decodeDictionary(bytes.subarray(0, bytes.length - 4))).toThrow(/bytes/)
    const badEdge = bytes.slice()
    new DataView(badEdge.buffer).setInt32(badEdge.length - 4, 0x7ffffff0, true)
    expect(() => decodeDictionary(badEdge, { verify: true })).toThrow(/out of range/)
    expect(decodeDictionary(bytes, { verify: true }).has('cat')).toBe(true)
  })

  test('a Dictionary that is not flat is encoded through its walk API', () => {
    const inner = buildDictionary(WORDS, EN)
    const wrapped = walkOnly(inner)
    expect(encodeDictionary(wrapped)).toEqual(bytes)
  })
})

describe('properties', () => {
  const small = ['a', 'b', 'c', 'd']
  const word = fc.array(fc.constantFrom(...small), { minLength: 1, maxLength: 7 }).map((l) => l.join(''))

  test('decode(encode(build(words))) answers has() exactly like a Set of the words', () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 60 }), fc.array(word, { maxLength: 40 }), (words, probes) => {
        const set = new Set(words)
        const dict = decodeDictionary(encodeDictionary(buildDictionary(words, small)), { verify: true })
        expect(dict.size).toBe(set.size)
        const prefixes = words.flatMap((w) => [...w].map((_, i) => w.slice(0, i)))
        for (const w of [...words, ...probes, ...prefixes, 'e', 'ab e']) expect(dict.has(w)).toBe(set.has(w))
        expect([...dictionaryWords(dict)]).toEqual(byLetters(small, set))
      }),
      { numRuns: 300 },
    )
  })

  test('the same over a 32-letter alphabet, letters in any order', () => {
    const letters = fc.shuffledSubarray([...RU], { minLength: 32, maxLength: 32 })
    fc.assert(
      fc.property(
        letters,
        fc.array(fc.array(fc.nat(31), { minLength: 1, maxLength: 5 }), { maxLength: 40 }),
        (abc, raw) => {
          const words = raw.map((codes) => codes.map((i) => abc[i]).join(''))
          const set = new Set(words)
          const dict = decodeDictionary(encodeDictionary(buildDictionary(words, abc)))
          expect(dict.size).toBe(set.size)
          for (const w of words) {
            expect(dict.has(w)).toBe(true)
            expect(dict.has(w.slice(0, -1))).toBe(set.has(w.slice(0, -1)))
            expect(dict.has(`${w}${abc[31]}`)).toBe(set.has(`${w}${abc[31]}`))
          }
          expect([...dictionaryWords(dict)]).toEqual(byLetters(abc, set))
        },
      ),
      { numRuns: 200 },
    )
  })
})
