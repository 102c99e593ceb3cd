import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { importsOf, importTarget, ROOT, rel, sourceFiles } from './support/source-files.ts'

/** The processes' entry points: the only files of src/ that hand web/ to createApp (src/pages/web-side.ts). */
const ENTRY_POINTS = ['src/main.ts', 'src/binary/entry.ts']
/** The engine's doors (engine/index.ts: rules, bundled for the browser; engine/server.ts: server only). */
const RULES_DOOR = 'engine/index.ts'
const SERVER_DOOR = 'engine/server.ts'

/** `file → spec` for each relative import of the files under `dir` that `bad` refuses. */
function offences(dir: string, bad: (file: string, target: string, typeOnly: boolean) => boolean): string[] {
  return sourceFiles(dir).flatMap((file) =>
    importsOf(file)
      .filter(({ spec, typeOnly }) => {
        const target = importTarget(file, spec)
        return target !== null && bad(rel(file), target, typeOnly)
      })
      .map(({ spec }) => `${rel(file)} → ${spec}`),
  )
}

describe('who may import whom (ARCHITECTURE.md, docs/architecture.md)', () => {
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
    expect(importsOf(join(ROOT, RULES_DOOR)).length).toBeGreaterThan(10)
  })

  test('src/ reaches the engine only through its two doors', () => {
    const bad = offences(
      'src',
      (_, target) => target.startsWith('engine/') && target !== RULES_DOOR && target !== SERVER_DOOR,
    )
    expect(bad).toEqual([])
  })

  test('web/ and shared/ reach the engine only through its rules door (they run in the browser)', () => {
    const bad = ['web', 'shared'].flatMap((dir) =>
      offences(dir, (_, target) => target.startsWith('engine/') && target !== RULES_DOOR),
    )
    expect(bad).toEqual([])
  })

  test('src/ imports nothing from web/ but in its entry points, which hand web/ to createApp', () => {
    const bad = offences('src', (file, target) => target.startsWith('web/') && !ENTRY_POINTS.includes(file))
    expect(bad).toEqual([])
    // The check sees what it guards: the entry point does take web/'s door.
    expect(offences('src', (_, target) => target.startsWith('web/'))).toEqual([
      'src/main.ts → ../web/islands/index.ts',
    ])
  })

  test('web/ takes only types from src/', () => {
    const bad = offences('web', (_, target, typeOnly) => target.startsWith('src/') && !typeOnly)
    expect(bad).toEqual([])
    // The check sees what it guards.
    expect(importsOf(join(ROOT, 'web/api/client.ts'))).toContainEqual({
      spec: '../../src/app.ts',
      typeOnly: true,
    })
  })

  test('shared/ imports neither src/ nor web/: both sides take it, it takes from neither', () => {
    const bad = offences('shared', (_, target) => target.startsWith('src/') || target.startsWith('web/'))
    expect(bad).toEqual([])
    expect(sourceFiles('shared').map(rel)).toContain('shared/i18n.ts')
  })
})
