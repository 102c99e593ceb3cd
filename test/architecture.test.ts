import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

const root = resolve(import.meta.dir, '..')

function files(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...files(path))
    else if (/\.(ts|tsx)$/.test(name)) out.push(path)
  }
  return out
}

function imports(path: string): string[] {
  const text = readFileSync(path, 'utf8')
  return [
    ...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1] ?? m[2])
}

describe('who may import whom (ARCHITECTURE.md)', () => {
  test('engine/ imports nothing outside itself, no I/O and no ambient clock or randomness', () => {
    const bad: string[] = []
    for (const file of files(join(root, 'engine'))) {
      for (const spec of imports(file)) {
        const outside = spec.startsWith('.') && !resolve(file, '..', spec).startsWith(join(root, 'engine'))
        if (outside || !spec.startsWith('.')) bad.push(`${relative(root, file)} → ${spec}`)
      }
      const text = readFileSync(file, 'utf8')
      if (/\bDate\.now\(|\bMath\.random\(|\bnew Date\(\)/.test(text))
        bad.push(`${relative(root, file)} uses clock/random`)
    }
    expect(bad).toEqual([])
  })
})
