/**
 * Builds the word lists the server plays with (DICTIONARIES.md) from the pinned npm packages:
 * `<dir>/<lang>/<size>.txt` (sorted, one word a line) and `<dir>/<lang>/<size>.wtdg` (the engine's
 * flat DAWG), dir = $DICTIONARIES_DIR or ./dictionaries. Runs from `npm install` (postinstall) and
 * `npm run dictionaries`; skipped when its inputs have not changed (`--force` rebuilds).
 *
 * Prints one JSON line: per list its word count, file sizes and build ms. Exits non-zero on error.
 */
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { ALPHABETS } from '../engine/alphabet/index.ts'
import { buildDictionary, encodeDictionary } from '../engine/dictionary/index.ts'
import { DICT_TYPES, type DictType, type Lang } from '../engine/types.ts'
import { buildEnglish } from './dictionaries/en.ts'
import { buildSpanish } from './dictionaries/es.ts'
import type { WordLists } from './dictionaries/lists.ts'
import { buildRussian } from './dictionaries/ru.ts'
import { ROOT } from './dictionaries/sources.ts'
import { inputHash, readStamp, STAMP_FILE, type Stamp } from './dictionaries/stamp.ts'

const BUILDERS: Record<Lang, () => WordLists> = { ru: buildRussian, en: buildEnglish, es: buildSpanish }

interface ListReport {
  words: number
  txtBytes: number
  wtdgBytes: number
  /** Building the DAWG and writing both files. */
  ms: number
}

type LangReport = { [type in DictType]: ListReport } & { assembleMs: number; ms: number }

function writeLists(dir: string, lang: Lang, lists: WordLists): Record<DictType, ListReport> {
  const out: Partial<Record<DictType, ListReport>> = {}
  mkdirSync(join(dir, lang), { recursive: true })
  for (const type of DICT_TYPES) {
    const t0 = performance.now()
    const words = lists[type]
    const dict = buildDictionary(words, ALPHABETS[lang].letters)
    // The builder silently skips words outside the alphabet; the lists must not hold any.
    if (dict.size !== words.length) throw new Error(`${lang}/${type}: ${words.length - dict.size} words lost`)
    const bytes = encodeDictionary(dict)
    const text = words.length ? `${words.join('\n')}\n` : ''
    writeFileSync(join(dir, lang, `${type}.txt`), text)
    writeFileSync(join(dir, lang, `${type}.wtdg`), bytes)
    out[type] = {
      words: words.length,
      txtBytes: Buffer.byteLength(text),
      wtdgBytes: bytes.byteLength,
      ms: Math.round(performance.now() - t0),
    }
  }
  return out as Record<DictType, ListReport>
}

/** Languages built side by side, one process each: Russian is about as much work as the others. */
const GROUPS: Lang[][] = [['ru'], ['en', 'es']]

/** Child mode (`--lang ru,en`): builds those languages and prints their reports as JSON. */
function buildLangs(dir: string, langs: Lang[]): Record<string, LangReport> {
  const report: Record<string, LangReport> = {}
  for (const lang of langs) {
    const t0 = performance.now()
    const lists = BUILDERS[lang]()
    const assembleMs = elapsed(t0)
    report[lang] = { assembleMs, ...writeLists(dir, lang, lists), ms: elapsed(t0) }
  }
  return report
}

/** Children still running: a failed build stops them rather than leave them writing files. */
const children = new Set<Bun.Subprocess>()

async function runGroup(dir: string, langs: Lang[]): Promise<Record<string, LangReport>> {
  const child = Bun.spawn([process.execPath, import.meta.path, '--lang', langs.join(',')], {
    cwd: ROOT,
    env: { ...process.env, DICTIONARIES_DIR: dir },
    stdout: 'pipe',
    stderr: 'inherit',
  })
  children.add(child)
  const [out, code] = await Promise.all([new Response(child.stdout).text(), child.exited])
  children.delete(child)
  if (code !== 0) throw new Error(`building ${langs.join(', ')} failed (exit ${code})`)
  return JSON.parse(out)
}

async function main(): Promise<void> {
  const started = performance.now()
  const dir = resolve(ROOT, process.env.DICTIONARIES_DIR ?? 'dictionaries')
  const only = process.argv.indexOf('--lang')
  if (only >= 0) {
    const langs = (process.argv[only + 1] ?? '').split(',') as Lang[]
    const unknown = langs.filter((l) => !(l in BUILDERS))
    if (unknown.length) throw new Error(`unknown language ${unknown.join(', ')}`)
    console.log(JSON.stringify(buildLangs(dir, langs)))
    return
  }
  const force = process.argv.includes('--force')
  const hash = inputHash()
  const previous = readStamp(dir)
  if (!force && previous?.hash === hash && allPresent(dir)) {
    console.log(
      JSON.stringify({ dictionaries: 'up to date', dir, counts: previous.counts, ms: elapsed(started) }),
    )
    return
  }
  // The stamp goes first and comes back last: a build cut short is redone next time.
  rmSync(join(dir, STAMP_FILE), { force: true })
  const reports = await Promise.all(GROUPS.map((langs) => runGroup(dir, langs)))
  const report = Object.assign({}, ...reports) as Record<string, LangReport>
  const counts: Record<string, number> = {}
  for (const lang of Object.keys(BUILDERS))
    for (const type of DICT_TYPES) counts[`${lang}/${type}`] = report[lang][type].words
  const stamp: Stamp = { hash, counts }
  writeFileSync(join(dir, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`)
  console.log(JSON.stringify({ dictionaries: 'built', dir, ...report, ms: elapsed(started) }))
}

function allPresent(dir: string): boolean {
  return (Object.keys(BUILDERS) as Lang[]).every((lang) =>
    DICT_TYPES.every((type) =>
      ['txt', 'wtdg'].every((ext) => {
        const path = join(dir, lang, `${type}.${ext}`)
        return existsSync(path) && statSync(path).size > 0
      }),
    ),
  )
}

const elapsed = (t0: number) => Math.round(performance.now() - t0)

main().catch((err) => {
  for (const child of children) child.kill()
  console.error(`build-dictionaries: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)
  process.exit(1)
})
