/**
 * A dictionary as a flat automaton in two Int32Arrays (DICTIONARIES.md "At run time").
 *
 * nodes: two ints a node — the bitmask of the letters it has children for (alphabets have ≤ 32
 *   letters, bit i = letter index i), and the index in `edges` of its first child.
 * edges: one int a child, grouped by parent in letter-index order — the child's handle.
 *
 * A handle is `nodeId << 1 | isWordEnd`: `handle & -2` is the node's offset in `nodes`, `handle & 1`
 * says whether the prefix that reached it is a word (known without loading the child). The child
 * for letter L of a node with mask m is edges[first + popcount(m & ((1 << L) - 1))]. The automaton
 * is a minimal DAWG (see build.ts): equal suffix sets are stored once (274k English words: 80k
 * nodes, 1.4 MB; 3 M Russian forms: 125k nodes, 2.4 MB). Walks never need to tell it from a trie.
 *
 * (Measured: one array of [mask, first | isWordEnd] pairs, children computed instead of loaded, made
 * the search ~15% slower under JSC: the end-of-word bit then costs a load per step.)
 */
import type { WordChecker } from '../types.ts'

export interface Dictionary extends WordChecker {
  /** The alphabet; index = letter code used in the trie. */
  readonly letters: readonly string[]
  /** Number of words. */
  readonly size: number
  /** Exact membership; `word` already folded (lowercase, ё→е). */
  has(word: string): boolean
  /** -1 when not in the alphabet. */
  letterIndex(letter: string): number
  /** Low-level walk for solvers: the empty prefix. */
  root(): number
  /** The node after `letterIdx`, -1 when no word continues that way. */
  child(node: number, letterIdx: number): number
  isWord(node: number): boolean
}

/** Number of set bits of a 32-bit integer. */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
}

/** Checks an alphabet for the flat layout: at most 32 distinct single-code-unit letters. */
export function checkLetters(letters: readonly string[]): void {
  if (letters.length > 32)
    throw new Error(`dictionary: ${letters.length} letters, at most 32 fit a node mask`)
  const seen = new Set<string>()
  for (const l of letters) {
    if (typeof l !== 'string' || l.length !== 1)
      throw new Error(`dictionary: letter ${JSON.stringify(l)} is not one character`)
    if (seen.has(l)) throw new Error(`dictionary: letter ${l} twice`)
    seen.add(l)
  }
}

export class FlatDictionary implements Dictionary {
  readonly letters: readonly string[]
  readonly size: number
  /** [childMask, firstEdge] per node. */
  readonly nodes: Int32Array
  /** Child handles (nodeId << 1 | isWordEnd), grouped by parent, in letter order. */
  readonly edges: Int32Array
  /** Handle of the empty prefix. */
  readonly rootHandle: number
  /** charCode - codeBase → letter index, -1 outside the alphabet. */
  private readonly codeBase: number
  private readonly codeTable: Int8Array

  constructor(
    letters: readonly string[],
    size: number,
    nodes: Int32Array,
    edges: Int32Array,
    rootHandle: number,
  ) {
    checkLetters(letters)
    if (!(rootHandle >= 0 && (rootHandle & 1) === 0 && rootHandle < nodes.length))
      throw new Error('dictionary: bad root node')
    this.letters = Object.freeze([...letters])
    this.size = size
    this.nodes = nodes
    this.edges = edges
    this.rootHandle = rootHandle
    let lo = 0xffff
    let hi = 0
    for (const l of letters) {
      lo = Math.min(lo, l.charCodeAt(0))
      hi = Math.max(hi, l.charCodeAt(0))
    }
    this.codeBase = letters.length ? lo : 0
    this.codeTable = new Int8Array(letters.length ? hi - lo + 1 : 0).fill(-1)
    letters.forEach((l, i) => {
      this.codeTable[l.charCodeAt(0) - this.codeBase] = i
    })
  }

  letterIndex(letter: string): number {
    if (typeof letter !== 'string' || letter.length !== 1) return -1
    const k = letter.charCodeAt(0) - this.codeBase
    return k >= 0 && k < this.codeTable.length ? this.codeTable[k] : -1
  }

  has(word: string): boolean {
    if (typeof word !== 'string') return false
    const { nodes, edges, codeTable, codeBase } = this
    const span = codeTable.length
    let h = this.rootHandle
    for (let i = 0; i < word.length; i++) {
      const k = word.charCodeAt(i) - codeBase
      if (k < 0 || k >= span) return false
      const letter = codeTable[k]
      if (letter < 0) return false
      const off = h & -2
      const mask = nodes[off]
      const bit = 1 << letter
      if ((mask & bit) === 0) return false
      h = edges[nodes[off + 1] + popcount32(mask & (bit - 1))]
    }
    return (h & 1) === 1
  }

  root(): number {
    return this.rootHandle
  }

  child(node: number, letterIdx: number): number {
    if (
      !(node >= 0 && (node & -2) < this.nodes.length) ||
      !(letterIdx >= 0 && letterIdx < this.letters.length)
    )
      return -1
    const off = node & -2
    const mask = this.nodes[off]
    const bit = 1 << letterIdx
    if ((mask & bit) === 0) return -1
    return this.edges[this.nodes[off + 1] + popcount32(mask & (bit - 1))]
  }

  isWord(node: number): boolean {
    return node >= 0 && (node & 1) === 1
  }
}

/** Every word of a dictionary, in letter-index order (for tests, export and re-encoding). */
export function* dictionaryWords(dict: Dictionary): Generator<string> {
  const letters = dict.letters
  const prefix: string[] = []
  function* walk(node: number): Generator<string> {
    if (dict.isWord(node)) yield prefix.join('')
    for (let l = 0; l < letters.length; l++) {
      const next = dict.child(node, l)
      if (next < 0) continue
      prefix.push(letters[l])
      yield* walk(next)
      prefix.pop()
    }
  }
  yield* walk(dict.root())
}
