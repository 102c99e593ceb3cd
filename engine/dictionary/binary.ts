/**
 * The dictionary file: a 96-byte header, then the two arrays of flat.ts as little-endian int32,
 * 4-byte aligned, so that loading is two typed-array views over the bytes and no copy.
 *
 *   0  magic "WTDG"          16 u32 node count        28 reserved (0)
 *   4  u32 version (1)       20 u32 edge count        32 letters: 32 × u16 code units (0 = unused)
 *   8  u32 letter count      24 u32 root handle       96 nodes: 2 × node count × i32, then edges
 *  12  u32 word count
 */
import { buildFlatDictionary } from './build.ts'
import { type Dictionary, dictionaryWords, FlatDictionary } from './flat.ts'

export const DICTIONARY_MAGIC = 'WTDG'
export const DICTIONARY_VERSION = 1
const HEADER = 96

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1

export function encodeDictionary(dict: Dictionary): Uint8Array {
  const flat =
    dict instanceof FlatDictionary ? dict : buildFlatDictionary(dictionaryWords(dict), dict.letters)
  const { nodes, edges } = flat
  const bytes = new Uint8Array(HEADER + nodes.byteLength + edges.byteLength)
  const view = new DataView(bytes.buffer)
  for (let i = 0; i < 4; i++) bytes[i] = DICTIONARY_MAGIC.charCodeAt(i)
  view.setUint32(4, DICTIONARY_VERSION, true)
  view.setUint32(8, flat.letters.length, true)
  view.setUint32(12, flat.size, true)
  view.setUint32(16, nodes.length >> 1, true)
  view.setUint32(20, edges.length, true)
  view.setUint32(24, flat.rootHandle, true)
  flat.letters.forEach((l, i) => {
    view.setUint16(32 + 2 * i, l.charCodeAt(0), true)
  })
  if (littleEndian) {
    new Int32Array(bytes.buffer, HEADER, nodes.length).set(nodes)
    new Int32Array(bytes.buffer, HEADER + nodes.byteLength, edges.length).set(edges)
  } else {
    let at = HEADER
    for (const arr of [nodes, edges])
      for (let i = 0; i < arr.length; i++, at += 4) view.setInt32(at, arr[i], true)
  }
  return bytes
}

export interface DecodeOptions {
  /** Also check that every node and edge points inside the arrays (one pass; for untrusted files). */
  verify?: boolean
}

/** Opens an encoded dictionary. The arrays are views over `bytes` (copied only when misaligned). */
export function decodeDictionary(bytes: Uint8Array, options: DecodeOptions = {}): Dictionary {
  const fail = (why: string): never => {
    throw new Error(`dictionary file: ${why}`)
  }
  if (!(bytes instanceof Uint8Array) || bytes.byteLength < HEADER) fail('too short')
  for (let i = 0; i < 4; i++) if (bytes[i] !== DICTIONARY_MAGIC.charCodeAt(i)) fail('bad magic')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const version = view.getUint32(4, true)
  if (version !== DICTIONARY_VERSION) fail(`version ${version}, expected ${DICTIONARY_VERSION}`)
  const letterCount = view.getUint32(8, true)
  const size = view.getUint32(12, true)
  const nodeCount = view.getUint32(16, true)
  const edgeCount = view.getUint32(20, true)
  const root = view.getUint32(24, true)
  if (letterCount > 32) fail(`${letterCount} letters`)
  if (root >= 2 * nodeCount || (root & 1) === 1) fail('bad root')
  const expected = HEADER + 8 * nodeCount + 4 * edgeCount
  if (bytes.byteLength !== expected) fail(`${bytes.byteLength} bytes, header says ${expected}`)
  const letters: string[] = []
  for (let i = 0; i < letterCount; i++) letters.push(String.fromCharCode(view.getUint16(32 + 2 * i, true)))

  let nodes: Int32Array
  let edges: Int32Array
  if (littleEndian) {
    const buf = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice() // slice: a fresh buffer at offset 0
    nodes = new Int32Array(buf.buffer, buf.byteOffset + HEADER, 2 * nodeCount)
    edges = new Int32Array(buf.buffer, buf.byteOffset + HEADER + 8 * nodeCount, edgeCount)
  } else {
    nodes = new Int32Array(2 * nodeCount)
    edges = new Int32Array(edgeCount)
    for (let i = 0; i < nodes.length; i++) nodes[i] = view.getInt32(HEADER + 4 * i, true)
    for (let i = 0; i < edges.length; i++) edges[i] = view.getInt32(HEADER + 8 * nodeCount + 4 * i, true)
  }
  if (options.verify) verifyArrays(nodes, edges, letterCount)
  return new FlatDictionary(letters, size, nodes, edges, root)
}

function verifyArrays(nodes: Int32Array, edges: Int32Array, letterCount: number): void {
  const allowed = letterCount === 32 ? -1 : (1 << letterCount) - 1
  for (let off = 0; off < nodes.length; off += 2) {
    const mask = nodes[off]
    const first = nodes[off + 1]
    let k = 0
    for (let m = mask; m !== 0; m &= m - 1) k++
    if ((mask & ~allowed) !== 0 || first < 0 || first + k > edges.length)
      throw new Error(`dictionary file: node ${off >> 1} out of range`)
  }
  for (let i = 0; i < edges.length; i++) {
    if (edges[i] < 0 || (edges[i] & -2) >= nodes.length)
      throw new Error(`dictionary file: edge ${i} out of range`)
  }
}
