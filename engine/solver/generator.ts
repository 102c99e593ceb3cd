/**
 * The move generator (RULES §3 rules 3-6, §8): every (word, path) a side may play. A path is
 * distinct cells, each an 8-neighbour of the previous one, all usable by the side, at least one not
 * already its own, spelling a dictionary word of at least `minLength` letters. Every distinct path
 * counts: the same word along two paths is two moves.
 *
 * One explicit-stack depth-first search over board cells and dictionary nodes, with no allocation
 * per step: the results land in reusable typed arrays (cell ids plus offsets), and `{word, cellIds}`
 * objects are made only for the moves a caller asks for (PITFALLS: building them costs 2-3× the search).
 */
import { BOARD } from '../config.ts'
import { type Dictionary, FlatDictionary } from '../dictionary/flat.ts'

/** Set bits of a 32-bit integer. Kept local: JSC inlines it here, not across a module import. */
function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
}

export interface MoveGenInput {
  /** Square board of size × size; or give rows and cols. Cell id = row · cols + col. */
  size?: number
  rows?: number
  cols?: number
  /** Letter index (dict.letters) per cell; -1 = unusable. */
  letters: ArrayLike<number>
  /** 1 when the side may use the cell (available to it or to 'any'). */
  usable: ArrayLike<number>
  /** 1 when the side already owns the cell. */
  own: ArrayLike<number>
  /** Shortest word length; BOARD.minWordLength (3) in the game. */
  minLength?: number
}

export interface MoveGenerator {
  /** Moves found by the last generate(). */
  readonly count: number
  /** Finds every move; returns the count. Results stay until the next call. */
  generate(input: MoveGenInput, dict: Dictionary): number
  /** Cells in move i (= its word's length). */
  length(i: number): number
  /** The k-th cell id of move i. */
  cellAt(i: number, k: number): number
  cellIds(i: number): number[]
  word(i: number): string
  forEachCell(i: number, fn: (cellId: number, k: number) => void): void
  move(i: number): { word: string; cellIds: number[] }
  /** Every move as objects (costly: prefer the accessors for moves you may not use). */
  moves(): { word: string; cellIds: number[] }[]
}

/** Geometric neighbour lists of a rows×cols grid, flat: cell c's are nbr[start[c] … start[c+1]). */
interface Geometry {
  start: Int32Array
  nbr: Int32Array
}

const geometries = new Map<number, Geometry>()

function geometry(rows: number, cols: number): Geometry {
  const key = rows * 65536 + cols
  let g = geometries.get(key)
  if (!g) {
    const start = new Int32Array(rows * cols + 1)
    const list: number[] = []
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        start[r * cols + c] = list.length
        for (let dr = -1; dr <= 1; dr++) {
          for (let dc = -1; dc <= 1; dc++) {
            const rr = r + dr
            const cc = c + dc
            if ((dr || dc) && rr >= 0 && rr < rows && cc >= 0 && cc < cols) list.push(rr * cols + cc)
          }
        }
      }
    }
    start[rows * cols] = list.length
    g = { start, nbr: Int32Array.from(list) }
    geometries.set(key, g)
  }
  return g
}

/** The generator's working memory: per-cell tables, the path stack and the results. */
class State {
  cap = 0
  // Per cell. (Separate arrays: one interleaved table, or one strided path stack, measured no faster.)
  bits = new Int32Array(0) // 1 << letter, 0 when unusable
  nbrMask = new Int32Array(0) // letters of the usable neighbours
  groupBase = new Int32Array(0) // index in groupStart of the cell's first letter group
  own = new Int32Array(0) // 1 when the side owns the cell
  /** Usable neighbours of each cell, sorted by letter; cell c's span adjStart[c] … adjStart[c + 1]. */
  adjStart = new Int32Array(1)
  adj = new Int32Array(0)
  /** Letter groups: group k of cell c = adj[groupStart[groupBase[c] + k] … next start). */
  groupStart = new Int32Array(1)
  visited = new Uint8Array(0)
  /** The input's letter per cell (-1 unusable), for word(). */
  letterOf = new Int16Array(0)
  // Path stack, one entry a level (the top level lives in the search's locals).
  pCell = new Int32Array(0)
  pMask = new Int32Array(0) // child mask of the dictionary node reached
  pFirst = new Int32Array(0) // its first edge
  pRem = new Int32Array(0) // letters still to try (node mask & neighbour letters)
  pNext = new Int32Array(0) // next index into adj
  pEnd = new Int32Array(0) // end of the current letter's group in adj
  pChild = new Int32Array(0) // child handle for the current letter
  pFresh = new Int32Array(0) // cells of the path not yet own
  // Results: move i = out[starts[i] … starts[i + 1]).
  out = new Int32Array(1024)
  /** As long as out + 1: a move has at least one cell, so starts never runs out before out. */
  starts = new Int32Array(1025)
  count = 0
  used = 0
  alphabet: readonly string[] = []

  ensureCells(n: number): void {
    if (n <= this.cap) return
    const cap = Math.max(n, this.cap * 2)
    this.cap = cap
    this.bits = new Int32Array(cap)
    this.nbrMask = new Int32Array(cap)
    this.groupBase = new Int32Array(cap)
    this.own = new Int32Array(cap)
    this.adjStart = new Int32Array(cap + 1)
    this.adj = new Int32Array(cap * 8)
    this.groupStart = new Int32Array(cap * 9 + 1)
    this.visited = new Uint8Array(cap)
    this.letterOf = new Int16Array(cap)
    for (const k of ['pCell', 'pMask', 'pFirst', 'pRem', 'pNext', 'pEnd', 'pChild', 'pFresh'] as const)
      this[k] = new Int32Array(cap + 1)
  }

  /** Room for `len` more cells (and so for `len` more moves). */
  reserve(len: number): void {
    if (this.used + len <= this.out.length) return
    const size = Math.max(this.out.length * 2, this.used + len)
    const out = new Int32Array(size)
    out.set(this.out.subarray(0, this.used))
    this.out = out
    const starts = new Int32Array(size + 1)
    starts.set(this.starts.subarray(0, this.count + 1))
    this.starts = starts
  }

  /** Records pCell[0 … d] followed by `last`. */
  record(d: number, last: number): void {
    this.reserve(d + 2)
    let u = this.used
    for (let k = 0; k <= d; k++) this.out[u++] = this.pCell[k]
    this.out[u++] = last
    this.used = u
    this.starts[++this.count] = u
  }

  /** Per-call tables: letter bits, own flags, usable neighbours grouped by letter, their masks. */
  prepare(input: MoveGenInput, dict: Dictionary): number {
    const rows = input.rows ?? input.size
    const cols = input.cols ?? input.size ?? rows
    if (rows === undefined || cols === undefined || !(rows > 0 && cols > 0))
      throw new Error('move generator: give size, or rows and cols')
    const n = rows * cols
    if (input.letters.length < n || input.usable.length < n || input.own.length < n)
      throw new Error(`move generator: inputs shorter than ${n} cells`)
    this.ensureCells(n)
    const { bits, nbrMask, groupBase, own, letterOf, visited, adj, adjStart, groupStart } = this
    const nLetters = dict.letters.length
    for (let c = 0; c < n; c++) {
      const l = input.letters[c]
      const ok = input.usable[c] && l >= 0 && l < nLetters
      bits[c] = ok ? 1 << l : 0
      own[c] = input.own[c] ? 1 : 0
      letterOf[c] = ok ? l : -1
      visited[c] = 0
    }
    const g = geometry(rows, cols)
    let k = 0
    let groups = 0
    for (let c = 0; c < n; c++) {
      adjStart[c] = k
      groupBase[c] = groups
      let m = 0
      if (letterOf[c] >= 0) {
        // Usable neighbours sorted by letter index (insertion sort, ≤ 8), then one group per letter.
        for (let j = g.start[c]; j < g.start[c + 1]; j++) {
          const nb = g.nbr[j]
          const l = letterOf[nb]
          if (l < 0) continue
          let at = k++
          while (at > adjStart[c] && letterOf[adj[at - 1]] > l) {
            adj[at] = adj[at - 1]
            at--
          }
          adj[at] = nb
          m |= 1 << l
        }
        for (let j = adjStart[c]; j < k; j++) {
          if (j === adjStart[c] || letterOf[adj[j]] !== letterOf[adj[j - 1]]) groupStart[groups++] = j
        }
      }
      groupStart[groups] = k // end of the cell's last group (= the next cell's first start)
      nbrMask[c] = m
    }
    adjStart[n] = k
    this.count = 0
    this.used = 0
    this.starts[0] = 0
    this.alphabet = dict.letters
    return n
  }
}

/**
 * The fast search over a flat dictionary. At each step it walks only the letters that both the
 * dictionary node and the current cell's usable neighbours have (mask & neighbour mask), and for each
 * such letter the group of neighbours holding it: the work follows the paths that spell prefixes, not
 * the neighbours tried. The top of the stack stays in locals; a push saves it, a pop restores it.
 * Measured under Bun's JSC: a module-level function with the arrays in locals runs ~20% faster than
 * the same loop in a closure over `let` arrays; popcount called through a module import made the whole search 2× slower; and
 * growing the output inside the loop cost ~20%, hence the count-then-retry below.
 */
function searchFlat(
  st: State,
  n: number,
  nodes: Int32Array,
  edges: Int32Array,
  rootHandle: number,
  minLength: number,
): boolean {
  const { bits, nbrMask, groupBase, own, groupStart, adj, visited } = st
  const { pCell, pMask, pFirst, pRem, pNext, pEnd, pChild, pFresh } = st
  // The buffers stay fixed during the search (reallocating them inside the loop costs ~20%): when
  // they fill up, moves are only counted, and the caller grows them and searches again.
  const { out, starts } = st
  let used = 0
  let count = 0
  let lost = 0
  const limit = out.length - n // a move of ≤ n cells written at used ≤ limit fits
  const rootOff = rootHandle & -2
  const rootMask = nodes[rootOff]
  const rootFirst = nodes[rootOff + 1]
  for (let s = 0; s < n; s++) {
    const sb = bits[s]
    if ((rootMask & sb) === 0) continue
    const h = edges[rootFirst + popcount32(rootMask & (sb - 1))] // the first letter's node
    if ((h & 1) !== 0 && minLength <= 1 && own[s] === 0) {
      if (used <= limit) {
        out[used++] = s
        starts[++count] = used
      } else {
        used++
        count++
        lost++
      }
    }
    let mask = nodes[h & -2]
    let rem = mask & nbrMask[s]
    if (rem === 0) continue
    let d = 0
    let c = s
    let first = nodes[(h & -2) + 1]
    let j = 0
    let end = 0
    let child = 0
    let fresh = 1 - own[s]
    pCell[0] = s
    visited[s] = 1
    for (;;) {
      if (j === end) {
        if (rem === 0) {
          // Done with this cell: back to the previous one.
          visited[c] = 0
          if (d === 0) break
          d--
          c = pCell[d]
          mask = pMask[d]
          first = pFirst[d]
          rem = pRem[d]
          j = pNext[d]
          end = pEnd[d]
          child = pChild[d]
          fresh = pFresh[d]
          continue
        }
        // Next letter both the node and the usable neighbours have; its group of neighbours.
        const bit = rem & -rem
        rem ^= bit
        const below = bit - 1
        child = edges[first + popcount32(mask & below)]
        const g = groupBase[c] + popcount32(nbrMask[c] & below)
        j = groupStart[g]
        end = groupStart[g + 1]
      }
      const nb = adj[j++]
      if (visited[nb] !== 0) continue
      const f = fresh + 1 - own[nb]
      if ((child & 1) !== 0 && d + 2 >= minLength && f > 0) {
        // Record the path's cells + nb.
        if (used <= limit) {
          for (let k = 0; k <= d; k++) out[used++] = pCell[k]
          out[used++] = nb
          starts[++count] = used
        } else {
          used += d + 2
          count++
          lost++
        }
      }
      const off = child & -2
      const cm = nodes[off]
      const r = cm & nbrMask[nb]
      if (r === 0) continue // no neighbour of nb can continue the word
      pMask[d] = mask
      pFirst[d] = first
      pRem[d] = rem
      pNext[d] = j
      pEnd[d] = end
      pChild[d] = child
      pFresh[d] = fresh
      d++
      pCell[d] = nb
      c = nb
      mask = cm
      first = nodes[off + 1]
      rem = r
      j = 0
      end = 0
      fresh = f
      visited[nb] = 1
    }
  }
  st.used = used
  st.count = count
  return lost === 0
}

/** The same search through the Dictionary interface, for dictionaries that are not flat. */
function searchGeneric(st: State, n: number, dict: Dictionary, minLength: number) {
  const { own, adjStart, adj, visited, letterOf, pCell, pNext, pFresh } = st
  const pNode = st.pChild // node handle per level
  for (let s = 0; s < n; s++) {
    if (letterOf[s] < 0) continue
    const h = dict.child(dict.root(), letterOf[s])
    if (h < 0) continue
    const fresh0 = 1 - own[s]
    pCell[0] = s
    if (dict.isWord(h) && minLength <= 1 && fresh0 > 0) st.record(-1, s)
    pNode[0] = h
    pNext[0] = adjStart[s]
    pFresh[0] = fresh0
    visited[s] = 1
    let d = 0
    while (d >= 0) {
      const c = pCell[d]
      const i = pNext[d]
      if (i === adjStart[c + 1]) {
        visited[c] = 0
        d--
        continue
      }
      pNext[d] = i + 1
      const nb = adj[i]
      if (visited[nb] !== 0) continue
      const ch = dict.child(pNode[d], letterOf[nb])
      if (ch < 0) continue
      const fresh = pFresh[d] + 1 - own[nb]
      if (dict.isWord(ch) && d + 2 >= minLength && fresh > 0) st.record(d, nb)
      d++
      pCell[d] = nb
      pNode[d] = ch
      pNext[d] = adjStart[nb]
      pFresh[d] = fresh
      visited[nb] = 1
    }
  }
}

class Generator implements MoveGenerator {
  private readonly st = new State()

  constructor(maxCells: number) {
    this.st.ensureCells(Math.max(1, maxCells))
  }

  get count(): number {
    return this.st.count
  }

  generate(input: MoveGenInput, dict: Dictionary): number {
    const st = this.st
    const n = st.prepare(input, dict)
    const minLength = input.minLength ?? BOARD.minWordLength
    if (dict instanceof FlatDictionary) {
      if (!searchFlat(st, n, dict.nodes, dict.edges, dict.rootHandle, minLength)) {
        // The output buffer was too small: grow it to the size now known and search again.
        const needed = st.used
        st.used = 0
        st.count = 0
        st.reserve(needed + n)
        if (!searchFlat(st, n, dict.nodes, dict.edges, dict.rootHandle, minLength))
          throw new Error('move generator: output buffer still too small')
      }
    } else searchGeneric(st, n, dict, minLength)
    return st.count
  }

  private check(i: number): void {
    if (!(i >= 0 && i < this.st.count)) throw new RangeError(`move ${i} of ${this.st.count}`)
  }

  length(i: number): number {
    this.check(i)
    return this.st.starts[i + 1] - this.st.starts[i]
  }

  cellAt(i: number, k: number): number {
    this.check(i)
    const { starts, out } = this.st
    if (!(k >= 0 && k < starts[i + 1] - starts[i])) throw new RangeError(`cell ${k} of move ${i}`)
    return out[starts[i] + k]
  }

  cellIds(i: number): number[] {
    this.check(i)
    const { starts, out } = this.st
    return Array.from(out.subarray(starts[i], starts[i + 1]))
  }

  word(i: number): string {
    this.check(i)
    const { starts, out, letterOf, alphabet } = this.st
    let w = ''
    for (let k = starts[i]; k < starts[i + 1]; k++) w += alphabet[letterOf[out[k]]]
    return w
  }

  forEachCell(i: number, fn: (cellId: number, k: number) => void): void {
    this.check(i)
    const { starts, out } = this.st
    for (let k = starts[i]; k < starts[i + 1]; k++) fn(out[k], k - starts[i])
  }

  move(i: number): { word: string; cellIds: number[] } {
    return { word: this.word(i), cellIds: this.cellIds(i) }
  }

  moves(): { word: string; cellIds: number[] }[] {
    const list: { word: string; cellIds: number[] }[] = []
    for (let i = 0; i < this.st.count; i++) list.push(this.move(i))
    return list
  }
}

/** A generator whose buffers grow as needed and are reused between calls (maxCells: first capacity). */
export function createMoveGenerator(maxCells = 64): MoveGenerator {
  return new Generator(maxCells)
}
