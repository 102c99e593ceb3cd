import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { importsOf, importTarget, ROOT, rel, sourceFiles } from './support/source-files.ts'

describe('who may import whom (ARCHITECTURE.md)', () => {
  test('engine/ imports nothing outside itself, no I/O and no ambient clock or randomness', () => {
    const engine = sourceFiles('engine')
    const bad: string[] = []
    for (const file of engine) {
      for (const { spec } of importsOf(file)) {
        const target = importTarget(file, spec)
        if (target === null || !target.startsWith('engine/')) bad.push(`${rel(file)} → ${spec}`)
      }
      const text = readFileSync(file, 'utf8')
      if (/\bDate\.now\(|\bMath\.random\(|\bnew Date\(\)/.test(text))
        bad.push(`${rel(file)} uses clock/random`)
    }
    expect(bad).toEqual([])
    // The check sees what it guards.
    expect(engine.map(rel)).toContain('engine/ai/choose.ts')
    expect(importsOf(join(ROOT, 'engine/index.ts')).length).toBeGreaterThan(10)
  })
})
