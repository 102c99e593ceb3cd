import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Elysia } from 'elysia'
import { buildAssets, loadAssets, pagesPlugin, writeAssets } from '../../src/pages/index.ts'
import { webSide } from '../../web/islands/index.ts'

const dir = await mkdtemp(join(tmpdir(), 'web-assets-'))
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('a prebuilt bundle (scripts/build-web.ts)', () => {
  test('written and loaded back, it is served exactly as built', async () => {
    const built = await buildAssets(webSide.sources)
    await writeAssets(built, dir)
    const loaded = await loadAssets(dir)
    expect([loaded.script, loaded.stylesheet]).toEqual([built.script, built.stylesheet])
    expect([...loaded.files.keys()].sort()).toEqual([...built.files.keys()].sort())

    const app = new Elysia().use(pagesPlugin({ web: webSide, assets: Promise.resolve(loaded) }))
    const html = await (await app.handle(new Request('http://localhost/en/signin'))).text()
    expect(html).toContain(`src="${built.script}"`)
    const served = await app.handle(new Request(`http://localhost${built.script}`))
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(built.files.get(built.script)!.body)
  })
})
