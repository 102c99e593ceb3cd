/**
 * Reads `az`'s `dicts/words.dawg` (the OpenCorpora dictionary compiled by pymorphy2): a dawgdic
 * double-array automaton plus its "guide" (first-child and next-sibling label per unit), which is
 * what lets us enumerate every key — az itself can only look words up.
 *
 * A key is the word form in CP1251, byte 0x01, then 4 payload bytes holding the paradigm id and
 * the form index inside that paradigm (DICTIONARIES.md). One word form has one key per reading.
 */
import { readFileSync } from 'node:fs'

const HAS_LEAF_BIT = 1 << 8
const EXTENSION_BIT = 1 << 9
const IS_LEAF_BIT = 1 << 31
const SEPARATOR = 1

/** CP1251 byte → character (forms hold a few non-letters too: apostrophes, hyphens, digits). */
export const CP1251: readonly string[] = (() => {
  const decoder = new TextDecoder('windows-1251')
  return Array.from({ length: 256 }, (_, b) => decoder.decode(new Uint8Array([b])))
})()
const CP1251_BYTE = new Map(CP1251.map((ch, b) => [ch, b]))

export interface AzReading {
  paradigm: number
  form: number
}

export class AzDawg {
  private readonly units: Uint32Array
  private readonly guide: Uint8Array

  constructor(bytes: Uint8Array) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const unitCount = view.getUint32(0, true)
    const guideCount = view.getUint32(4 + 4 * unitCount, true)
    if (8 + 4 * unitCount + 2 * guideCount > bytes.byteLength) throw new Error('words.dawg: truncated')
    // Copy: the units must be 4-byte aligned, which a Buffer from readFileSync need not be.
    this.units = new Uint32Array(bytes.slice(4, 4 + 4 * unitCount).buffer)
    this.guide = bytes.slice(8 + 4 * unitCount, 8 + 4 * unitCount + 2 * guideCount)
  }

  static read(path: string): AzDawg {
    return new AzDawg(new Uint8Array(readFileSync(path)))
  }

  private child(index: number, label: number): number {
    const base = this.units[index]
    const offset = (base >>> 10) << ((base & EXTENSION_BIT) >>> 6)
    const next = (index ^ offset ^ label) >>> 0
    const unit = this.units[next]
    return (unit & (IS_LEAF_BIT | 0xff)) === label ? next : -1
  }

  private hasLeaf(index: number): boolean {
    return (this.units[index] & HAS_LEAF_BIT) !== 0
  }

  /**
   * Calls `visit` once per word form with all its readings, in CP1251 byte order. `chars` maps a
   * byte to the text it stands for (a fold can happen here); a byte mapped to undefined cuts off
   * every form holding it, unvisited. By default forms come as stored: lowercase, ё kept.
   */
  forEachWord(
    visit: (word: string, readings: AzReading[]) => void,
    chars: readonly (string | undefined)[] = CP1251,
  ): void {
    const prefix: string[] = []
    const walk = (index: number): void => {
      for (let label = this.guide[index << 1]; label !== 0; ) {
        const next = this.child(index, label)
        if (next < 0) throw new Error('words.dawg: broken guide')
        if (label === SEPARATOR) visit(prefix.join(''), this.payloads(next))
        else {
          const ch = chars[label]
          if (ch !== undefined) {
            prefix.push(ch)
            walk(next)
            prefix.pop()
          }
        }
        label = this.guide[(next << 1) + 1]
      }
    }
    walk(0)
  }

  /** The readings of one word form as stored (lowercase, ё kept); none when it is not a word. */
  readings(word: string): AzReading[] {
    let index = 0
    for (const ch of word) {
      const byte = CP1251_BYTE.get(ch)
      index = byte === undefined ? -1 : this.child(index, byte)
      if (index < 0) return []
    }
    const sep = this.child(index, SEPARATOR)
    return sep < 0 ? [] : this.payloads(sep)
  }

  /** The 4-byte payloads below a separator node. */
  private payloads(start: number): AzReading[] {
    const out: AzReading[] = []
    const key = [0, 0, 0, 0]
    const walk = (index: number, depth: number): void => {
      if (depth === 4) {
        if (!this.hasLeaf(index)) throw new Error('words.dawg: payload without value')
        out.push({
          paradigm: ((key[0] ^ 1) << 6) + (key[1] >> 1),
          form: ((key[2] ^ 1) << 6) + (key[3] >> 1),
        })
        return
      }
      for (let label = this.guide[index << 1]; label !== 0; ) {
        const next = this.child(index, label)
        if (next < 0) throw new Error('words.dawg: broken guide')
        key[depth] = label
        walk(next, depth + 1)
        label = this.guide[(next << 1) + 1]
      }
    }
    walk(start, 0)
    return out
  }
}
