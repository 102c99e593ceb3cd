/**
 * Builds the flat automaton of flat.ts as a minimal DAWG, incrementally over sorted input
 * (Daciuk, Mihov, Watson & Watson 2000): only the nodes along the last word's path are still
 * open; when the next word leaves that path, the nodes it left are frozen bottom-up, each replaced
 * by an equal node frozen earlier (same end-of-word flag, same children) or written out as new.
 * Frozen nodes go straight into the output arrays, children before parents.
 */
import { checkLetters, type Dictionary, FlatDictionary } from './flat.ts'

/** Letter index of each code unit, -1 outside the alphabet. */
function codeMap(letters: readonly string[]): (code: number) => number {
  const table = new Int8Array(0x10000).fill(-1)
  letters.forEach((l, i) => {
    table[l.charCodeAt(0)] = i
  })
  return (code) => table[code]
}

class IntList {
  data: Int32Array
  length = 0
  constructor(capacity: number) {
    this.data = new Int32Array(Math.max(16, capacity))
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2)
      next.set(this.data)
      this.data = next
    }
    this.data[this.length++] = v
  }
  done(): Int32Array {
    return this.data.slice(0, this.length)
  }
}

/**
 * Builds a dictionary of `words` (already folded). Words holding a character outside `letters`, and
 * empty strings, are skipped; duplicates count once. Sorted input is taken as is, other input sorted.
 */
export function buildDictionary(words: Iterable<string>, letters: readonly string[]): Dictionary {
  return buildFlatDictionary(words, letters)
}

/** buildDictionary, typed as the flat implementation (for encoding). */
export function buildFlatDictionary(words: Iterable<string>, letters: readonly string[]): FlatDictionary {
  checkLetters(letters)
  const code = codeMap(letters)
  let list: string[] = []
  outer: for (const w of words) {
    if (typeof w !== 'string' || w.length === 0) continue
    for (let i = 0; i < w.length; i++) if (code(w.charCodeAt(i)) < 0) continue outer
    list.push(w)
  }
  let sorted = true
  for (let i = 1; i < list.length && sorted; i++) if (list[i - 1] > list[i]) sorted = false
  if (!sorted) list.sort()
  // Dedupe in place.
  let n = 0
  for (let i = 0; i < list.length; i++) if (n === 0 || list[i] !== list[n - 1]) list[n++] = list[i]
  list.length = n

  let maxLen = 0
  for (const w of list) if (w.length > maxLen) maxLen = w.length

  const nodes = new IntList(Math.max(64, n))
  const edges = new IntList(Math.max(64, n))
  const register = new Map<string, number>()

  // The open path: the node at depth d has cnt[d] children (letter, handle) at d·32…; -1 = open.
  const W = 32
  const stLetter = new Int32Array((maxLen + 1) * W)
  const stEdge = new Int32Array((maxLen + 1) * W)
  const cnt = new Int32Array(maxLen + 1)
  const fin = new Uint8Array(maxLen + 1)
  let leafHandle = -1

  /** Freezes the open node at depth d; returns its handle. */
  const freeze = (d: number): number => {
    const k = cnt[d]
    const final = fin[d]
    if (k === 0 && final === 1) {
      if (leafHandle < 0) {
        leafHandle = ((nodes.length >> 1) << 1) | 1
        nodes.push(0)
        nodes.push(edges.length)
      }
      return leafHandle
    }
    const base = d * W
    // Children arrive in code-unit order; the layout wants letter-index order (insertion sort, k ≤ 32).
    for (let i = base + 1; i < base + k; i++) {
      const l = stLetter[i]
      const e = stEdge[i]
      let j = i - 1
      while (j >= base && stLetter[j] > l) {
        stLetter[j + 1] = stLetter[j]
        stEdge[j + 1] = stEdge[j]
        j--
      }
      stLetter[j + 1] = l
      stEdge[j + 1] = e
    }
    let mask = 0
    let key = final ? 'f' : 'n'
    for (let i = base; i < base + k; i++) {
      mask |= 1 << stLetter[i]
      key += `${stLetter[i]}:${stEdge[i]},`
    }
    let id = register.get(key)
    if (id === undefined) {
      id = nodes.length >> 1
      nodes.push(mask)
      nodes.push(edges.length)
      for (let i = base; i < base + k; i++) edges.push(stEdge[i])
      register.set(key, id)
    }
    return (id << 1) | final
  }

  /** Freezes the open nodes deeper than `depth`, down from `from`, wiring each into its parent. */
  const closeTo = (from: number, depth: number) => {
    for (let d = from; d > depth; d--) {
      stEdge[(d - 1) * W + cnt[d - 1] - 1] = freeze(d)
    }
  }

  let prev = ''
  for (let w = 0; w < n; w++) {
    const word = list[w]
    let cp = 0
    const lim = Math.min(prev.length, word.length)
    while (cp < lim && prev.charCodeAt(cp) === word.charCodeAt(cp)) cp++
    closeTo(prev.length, cp)
    for (let d = cp; d < word.length; d++) {
      const slot = d * W + cnt[d]++
      stLetter[slot] = code(word.charCodeAt(d))
      stEdge[slot] = -1
      cnt[d + 1] = 0
      fin[d + 1] = 0
    }
    fin[word.length] = 1
    prev = word
  }
  closeTo(prev.length, 0)
  const root = freeze(0) & -2 // the empty word is never in the dictionary
  list = []
  return new FlatDictionary(letters, n, nodes.done(), edges.done(), root)
}
