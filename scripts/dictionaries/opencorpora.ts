/**
 * The rest of az's OpenCorpora dictionary: paradigms (how a lexeme's forms are spelled and tagged)
 * and the tag table. With the DAWG reader this gives, for each word form, its lemma and grammemes.
 *
 * A paradigm of n forms is 3n uint16: n suffix ids, n tag ids, n prefix ids. A form is
 * prefix + stem + suffix; form 0 is the lemma (pymorphy2's layout, as az reads it).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AzReading } from './az-dawg.ts'

/** pymorphy2's paradigm prefixes (az hard-codes the same list). */
const PREFIXES = ['', 'по', 'наи']

export class OpenCorpora {
  readonly paradigms: Uint16Array[]
  readonly suffixes: string[]
  /** Grammemes of each tag id. */
  readonly tags: ReadonlySet<string>[]

  constructor(dir: string) {
    this.suffixes = JSON.parse(readFileSync(join(dir, 'suffixes.json'), 'utf8'))
    const tagText: string[] = JSON.parse(readFileSync(join(dir, 'gramtab-opencorpora-int.json'), 'utf8'))
    this.tags = tagText.map((t) => new Set(t.split(/[ ,]/)))
    const raw = readFileSync(join(dir, 'paradigms.array'))
    const list = new Uint16Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength))
    this.paradigms = []
    let pos = 1
    for (let i = 0; i < list[0]; i++) {
      const size = list[pos++]
      if (size % 3 !== 0 || pos + size > list.length) throw new Error('paradigms.array: bad paradigm')
      this.paradigms.push(list.subarray(pos, pos + size))
      pos += size
    }
  }

  private paradigm(r: AzReading): Uint16Array {
    const p = this.paradigms[r.paradigm]
    if (!p || r.form >= p.length / 3) throw new Error(`opencorpora: no form ${r.form} in ${r.paradigm}`)
    return p
  }

  /** Grammemes of a reading (part of speech, case, number, and labels such as Name or Slng). */
  grammemes(r: AzReading): ReadonlySet<string> {
    const p = this.paradigm(r)
    return this.tags[p[p.length / 3 + r.form]]
  }

  /** What all forms of the lexeme share: `word` (a form read as `r`) less its prefix and suffix. */
  stem(word: string, r: AzReading): string {
    const p = this.paradigm(r)
    const n = p.length / 3
    return word.slice(PREFIXES[p[2 * n + r.form]].length, word.length - this.suffixes[p[r.form]].length)
  }
}
