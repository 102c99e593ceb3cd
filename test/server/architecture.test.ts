import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { importsOf, importTarget, rel, sourceFiles } from '../support/source-files.ts'

// ARCHITECTURE.md "Who may import whom", for the server side (the engine's doors, web/ and shared/:
// test/architecture.test.ts).
const srcFiles = sourceFiles('src')
/** The relative imports of a file, as paths from the root. */
const targetsOf = (file: string) => importsOf(file).flatMap(({ spec }) => importTarget(file, spec) ?? [])

describe('src/ boundaries', () => {
  test('database rows are known only in repo.ts files (and db/ itself)', () => {
    const allowed = (file: string) => file.endsWith('/repo.ts') || rel(file).startsWith('src/db/')
    const bad: string[] = []
    for (const file of srcFiles) {
      if (allowed(file)) continue
      const schema = targetsOf(file).filter((target) => target.startsWith('src/db/schema'))
      if (schema.length > 0) bad.push(`${rel(file)} imports the schema`)
      if (/\$infer(Select|Insert)|InferSelectModel|InferInsertModel/.test(readFileSync(file, 'utf8')))
        bad.push(`${rel(file)} derives a row type`)
    }
    expect(bad).toEqual([])
  })

  test('no console.log in the server: logs go through the logger', () => {
    const bad = srcFiles
      .filter((file) => /\bconsole\.(log|info|debug)\(/.test(readFileSync(file, 'utf8')))
      .map(rel)
    expect(bad).toEqual([])
  })

  test('this check sees the files it guards', () => {
    expect(srcFiles.map(rel)).toContain('src/users/repo.ts')
    expect(srcFiles.map(rel)).toContain('src/app.ts')
  })
})
