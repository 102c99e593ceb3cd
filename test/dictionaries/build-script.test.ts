import { afterAll, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DICT_TYPES, LANGS } from '../../engine/index.ts'
import { ROOT } from '../../scripts/dictionaries/sources.ts'
import { inputHash, STAMP_FILE } from '../../scripts/dictionaries/stamp.ts'

const tmp = mkdtempSync(join(tmpdir(), 'wt-dict-build-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

function build(dir: string, ...args: string[]) {
  const run = Bun.spawnSync([process.execPath, 'scripts/build-dictionaries.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DICTIONARIES_DIR: dir },
  })
  return { code: run.exitCode, stdout: run.stdout.toString(), stderr: run.stderr.toString() }
}

test('unchanged inputs and every file present: the build is skipped and touches nothing', () => {
  const dir = join(tmp, 'skip')
  for (const lang of LANGS) {
    mkdirSync(join(dir, lang), { recursive: true })
    for (const type of DICT_TYPES)
      for (const ext of ['txt', 'wtdg']) writeFileSync(join(dir, lang, `${type}.${ext}`), 'stub\n')
  }
  writeFileSync(join(dir, STAMP_FILE), JSON.stringify({ hash: inputHash(), counts: { 'ru/default': 1 } }))
  const run = build(dir)
  expect(run.code).toBe(0)
  expect(JSON.parse(run.stdout)).toMatchObject({ dictionaries: 'up to date', counts: { 'ru/default': 1 } })
  expect(readFileSync(join(dir, 'ru', 'full.txt'), 'utf8')).toBe('stub\n')
}, 60_000)

test('a real error fails the build with a non-zero exit and says why', () => {
  const run = build(join(tmp, 'bad'), '--lang', 'xx')
  expect(run.code).not.toBe(0)
  expect(run.stderr).toContain('unknown language xx')
})
