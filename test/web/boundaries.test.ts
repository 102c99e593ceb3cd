import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { sourceFiles as files, rel } from '../support/source-files.ts'

// Who may import whom across src/, web/ and shared/: test/architecture.test.ts.

describe('web/ boundaries', () => {
  test('no signals at module level in web/ or shared/ (they would be shared by every server render)', () => {
    const modules = [...files('web'), ...files('shared')]
    const bad = modules.filter((file) =>
      /^(export\s+)?(const|let)\s+\w+\s*=\s*(signal|computed)\(/m.test(readFileSync(file, 'utf8')),
    )
    expect(bad.map(rel)).toEqual([])
    // The check sees what it guards: a store that makes signals per island.
    expect(modules.map(rel)).toContain('web/game/store.ts')
  })
})
