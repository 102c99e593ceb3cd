/** A real English dictionary for AI tests: the 274k-word `word-list` package, built once. */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { ALPHABETS } from '../../../engine/index.ts'
import { buildDictionary, type Dictionary } from '../../../engine/server.ts'

let cached: Dictionary | null = null

export function wordListDictionary(): Dictionary {
  cached ??= buildDictionary(
    readFileSync(resolve(import.meta.dir, '../../../node_modules/word-list/words.txt'), 'utf8')
      .split('\n')
      .filter(Boolean),
    ALPHABETS.en.letters,
  )
  return cached
}
