import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

// ARCHITECTURE.md "Who may import whom", for the server side.
const root = resolve(import.meta.dir, '../..')

function files(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...files(path))
    else if (/\.(ts|tsx)$/.test(name)) out.push(path)
  }
  return out
}

const importsOf = (path: string) =>
  [
    ...readFileSync(path, 'utf8').matchAll(
      /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ].map((m) => m[1] ?? m[2])

const srcFiles = files(join(root, 'src'))
const rel = (path: string) => relative(root, path)

describe('src/ boundaries', () => {
  test('the engine is used only through engine/index.ts', () => {
    const bad = srcFiles.flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => resolve(file, '..', spec))
        .filter((target) => rel(target).startsWith('engine/') && rel(target) !== 'engine/index.ts')
        .map((target) => `${rel(file)} → ${rel(target)}`),
    )
    expect(bad).toEqual([])
  })

  test('database rows are known only in repo.ts files (and db/ itself)', () => {
    const allowed = (file: string) => file.endsWith('/repo.ts') || rel(file).startsWith('src/db/')
    const bad: string[] = []
    for (const file of srcFiles) {
      if (allowed(file)) continue
      const schema = importsOf(file).filter(
        (spec) => spec.startsWith('.') && rel(resolve(file, '..', spec)).startsWith('src/db/schema'),
      )
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
