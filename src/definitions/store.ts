/**
 * Word definitions served offline (scripts/build-definitions.ts writes them next to the word
 * lists): English from WordNet, read on first use. A language without a file (Russian, Spanish:
 * no open source packaged on npm) answers every word with no definition.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Lang } from '../../engine/index.ts'
import { baseForms } from './morphy.ts'

export const POS_NAMES = { n: 'noun', v: 'verb', a: 'adjective', r: 'adverb' } as const
type PosCode = keyof typeof POS_NAMES

export interface Definitions {
  word: string
  lang: Lang
  /** The dictionary form the definitions are of (the word itself, or e.g. "cat" for "cats"). */
  lemma: string | null
  definitions: { pos: (typeof POS_NAMES)[PosCode]; text: string }[]
  /** Where the definitions come from (for the credit line); null when the language has none. */
  source: string | null
}

interface DefinitionsFile {
  lang: string
  source: string
  entries: Record<string, [PosCode, string][]>
}

const MAX_SHOWN = 5

export const definitionsFile = (dir: string, lang: Lang) => join(dir, lang, 'definitions.json.gz')

export function createDefinitions(dir: string) {
  const loaded = new Map<Lang, { source: string; entries: Map<string, [PosCode, string][]> } | null>()

  function load(lang: Lang) {
    if (loaded.has(lang)) return loaded.get(lang) ?? null
    const path = definitionsFile(dir, lang)
    let value: { source: string; entries: Map<string, [PosCode, string][]> } | null = null
    if (existsSync(path)) {
      const file = JSON.parse(new TextDecoder().decode(Bun.gunzipSync(readFileSync(path)))) as DefinitionsFile
      value = { source: file.source, entries: new Map(Object.entries(file.entries)) }
    }
    loaded.set(lang, value)
    return value
  }

  return {
    /** Definitions of an already folded, checked word. */
    lookup(lang: Lang, word: string): Definitions {
      const data = load(lang)
      const none: Definitions = { word, lang, lemma: null, definitions: [], source: data?.source ?? null }
      if (!data) return none
      const own = data.entries.get(word)
      if (own) return { ...none, lemma: word, definitions: shown(own) }
      // An inflected form: the first base form that has senses of the rule's part of speech.
      for (const { lemma, pos } of baseForms(word)) {
        const senses = data.entries.get(lemma)?.filter(([p]) => p === pos)
        if (senses?.length) return { ...none, lemma, definitions: shown(senses) }
      }
      return none
    },
    /** Whether a language has a definitions file (the API tells the client up front). */
    available: (lang: Lang) => load(lang) !== null,
  }
}

const shown = (senses: [PosCode, string][]) =>
  senses.slice(0, MAX_SHOWN).map(([pos, text]) => ({ pos: POS_NAMES[pos], text }))

export type DefinitionsStore = ReturnType<typeof createDefinitions>
