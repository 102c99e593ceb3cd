import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sourceFiles as files, importsOf, importTarget, rel, ROOT as root } from '../support/source-files.ts'

// ARCHITECTURE.md "Who may import whom", for the web side.
const target = (file: string, spec: string) => importTarget(file, spec) ?? spec

describe('web/ boundaries', () => {
  test('web/ takes only types from src/', () => {
    const bad = files(join(root, 'web')).flatMap((file) =>
      importsOf(file)
        .filter(
          ({ spec, typeOnly }) => spec.startsWith('.') && !typeOnly && target(file, spec).startsWith('src/'),
        )
        .map(({ spec }) => `${rel(file)} → ${spec}`),
    )
    expect(bad).toEqual([])
  })

  test('src/ reaches web/ only in src/pages/, only through web/islands/index.ts', () => {
    const bad = files(join(root, 'src')).flatMap((file) =>
      importsOf(file)
        .filter(({ spec }) => spec.startsWith('.') && target(file, spec).startsWith('web/'))
        .filter(
          ({ spec }) => !rel(file).startsWith('src/pages/') || target(file, spec) !== 'web/islands/index.ts',
        )
        .map(({ spec }) => `${rel(file)} → ${spec}`),
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
    expect(importsOf(join(root, 'web/api/client.ts'))).toContainEqual({
      spec: '../../src/app.ts',
      typeOnly: true,
    })
    expect(importsOf(join(root, 'src/pages/render.tsx')).map((i) => i.spec)).toContain(
      '../../web/islands/index.ts',
    )
  })
})
