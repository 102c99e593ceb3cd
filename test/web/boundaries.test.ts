import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

// ARCHITECTURE.md "Who may import whom", for the web side.
const root = resolve(import.meta.dir, '../..')
const rel = (path: string) => relative(root, path)

function files(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...files(path))
    else if (/\.(ts|tsx)$/.test(name)) out.push(path)
  }
  return out
}

/** [specifier, type-only?] of every import and re-export of a file. */
function importsOf(path: string): [string, boolean][] {
  const text = readFileSync(path, 'utf8')
  return [
    ...text.matchAll(
      /(import|export)(\s+type)?[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ].map((m) => [m[3] ?? m[4], Boolean(m[2])])
}

const target = (file: string, spec: string) => rel(resolve(file, '..', spec))

describe('web/ boundaries', () => {
  test('web/ takes only types from src/', () => {
    const bad = files(join(root, 'web')).flatMap((file) =>
      importsOf(file)
        .filter(
          ([spec, typeOnly]) => spec.startsWith('.') && !typeOnly && target(file, spec).startsWith('src/'),
        )
        .map(([spec]) => `${rel(file)} → ${spec}`),
    )
    expect(bad).toEqual([])
  })

  test('src/ reaches web/ only in src/pages/, only through web/islands/index.ts', () => {
    const bad = files(join(root, 'src')).flatMap((file) =>
      importsOf(file)
        .filter(([spec]) => spec.startsWith('.') && target(file, spec).startsWith('web/'))
        .filter(
          ([spec]) => !rel(file).startsWith('src/pages/') || target(file, spec) !== 'web/islands/index.ts',
        )
        .map(([spec]) => `${rel(file)} → ${spec}`),
    )
    expect(bad).toEqual([])
  })

  test('no signals at module level in web/ (they would be shared by every server render)', () => {
    const bad = files(join(root, 'web')).filter((file) =>
      /^(export\s+)?(const|let)\s+\w+\s*=\s*(signal|computed)\(/m.test(readFileSync(file, 'utf8')),
    )
    expect(bad.map(rel)).toEqual([])
  })

  test('this check sees the files it guards', () => {
    const web = files(join(root, 'web')).map(rel)
    expect(web).toContain('web/api/client.ts')
    expect(importsOf(join(root, 'web/api/client.ts'))).toContainEqual(['../../src/app.ts', true])
    expect(importsOf(join(root, 'src/pages/render.tsx')).map(([s]) => s)).toContain(
      '../../web/islands/index.ts',
    )
  })
})
