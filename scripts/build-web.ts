// Builds the client bundle (web/boot.tsx + web/styles/index.css) into dist/web/ with a manifest.
// The server normally builds it in memory at start; this is for a start without Bun.build
// (pagesPlugin({ web, assets: loadAssets('dist/web') })) and for looking at what ships.
import { resolve } from 'node:path'
import { buildAssets, writeAssets } from '../src/pages/assets.ts'
import { webSide } from '../web/islands/index.ts'

const out = resolve(import.meta.dir, '../dist/web')
const started = performance.now()
const bundle = await buildAssets(webSide.sources, { dev: process.argv.includes('--dev') })
const manifest = await writeAssets(bundle, out)
for (const { url } of manifest.files) {
  const file = bundle.files.get(url)!
  const gzip = file.gzip ? `, ${(file.gzip.byteLength / 1024).toFixed(1)} KiB gzip` : ''
  process.stdout.write(`${url}  ${(file.body.byteLength / 1024).toFixed(1)} KiB${gzip}\n`)
}
process.stdout.write(`dist/web in ${Math.round(performance.now() - started)} ms\n`)
