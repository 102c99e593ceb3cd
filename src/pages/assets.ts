import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import type { BunPlugin } from 'bun'
import { ISLANDS, LANGS, TABLES } from '../../web/islands/index.ts'
import { acceptsGzip } from '../http/compress.ts'
import type { AssetLinks } from './document.ts'

/** The client bundle, held in memory and served under /assets/ (file names carry content hashes). */
export interface AssetBundle extends AssetLinks {
  entries: Record<string, string>
  files: Map<string, AssetFile>
}

export interface AssetFile {
  body: Uint8Array<ArrayBuffer>
  type: string
  /** Pre-compressed copy, served when the client accepts gzip. */
  gzip: Uint8Array<ArrayBuffer> | null
}

export const ASSET_PREFIX = '/assets/'
const WEB_DIR = resolve(import.meta.dir, '../../web')
export const ENTRY_SCRIPT = resolve(WEB_DIR, 'boot.tsx')
export const ENTRY_STYLESHEET = resolve(WEB_DIR, 'styles/index.css')
/**
 * Chunks the boot script loads by name (web/islands/lazy.ts). As entries of the build their files
 * are known, so a page can preload its island.
 */
const LAZY_ENTRIES = Object.keys(ISLANDS).map((name) => `islands/${name}.tsx`)

/**
 * The engine's door, as the browser sees it: without the move generator, the computer player, the
 * dictionary code and board generation (ARCHITECTURE.md: the dictionary and solver never go to the
 * browser). Their modules hold top-level tables the bundler cannot prove unused, so they are cut
 * at the door; a web import of one of their names then fails the build instead of shipping them.
 */
const SERVER_ONLY_ENGINE = /^export \* from '\.\/(ai|solver|dictionary|openings|generate)\//
const SERVER_ONLY_FILES = /^export \* from '\.\/(openings|generate)\.ts'/

const browserEngine: BunPlugin = {
  name: 'browser-engine',
  setup(build) {
    build.onLoad({ filter: /[\\/]engine[\\/]index\.ts$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8')
      const kept = text
        .split('\n')
        .filter((line) => !SERVER_ONLY_ENGINE.test(line) && !SERVER_ONLY_FILES.test(line))
        .join('\n')
      return { contents: kept, loader: 'ts' }
    })
  },
}

export interface BuildOptions {
  /** Readable output with source maps, for development. */
  dev?: boolean
}

/** Bundles web/boot.tsx and web/styles/index.css (tens of milliseconds; no files are written). */
export async function buildAssets(options: BuildOptions = {}): Promise<AssetBundle> {
  const dev = options.dev ?? false
  const result = await Bun.build({
    entrypoints: [ENTRY_SCRIPT, ENTRY_STYLESHEET, ...LAZY_ENTRIES.map((entry) => resolve(WEB_DIR, entry))],
    root: WEB_DIR,
    target: 'browser',
    format: 'esm',
    splitting: true,
    minify: !dev,
    sourcemap: dev ? 'linked' : 'none',
    naming: '[dir]/[name]-[hash].[ext]',
    publicPath: ASSET_PREFIX,
    define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
    throw: false,
    plugins: [browserEngine],
  })
  if (!result.success) {
    throw new AggregateError(result.logs, `client bundle failed: ${result.logs.map(String).join('; ')}`)
  }
  const files = new Map<string, AssetFile>()
  let script = ''
  let stylesheet = ''
  const entries: Record<string, string> = {}
  for (const output of result.outputs) {
    const path = output.path.replace(/^\.\//, '')
    const url = ASSET_PREFIX + path
    const body = new Uint8Array(await output.arrayBuffer())
    const compressible = output.kind !== 'sourcemap' && body.byteLength > 1024
    files.set(url, { body, type: output.type, gzip: compressible ? Bun.gzipSync(body) : null })
    // The stylesheet entry comes out as an 'asset'; it is the only CSS file.
    if (url.endsWith('.css')) stylesheet = url
    else if (output.kind === 'entry-point' && url.endsWith('.js')) {
      const name = path.replace(/-[a-z0-9]+\.js$/, '')
      if (name === 'boot') script = url
      else entries[name] = url
    }
  }
  if (!script || !stylesheet) throw new Error('client bundle lacks its script or stylesheet')
  // Each language's texts as JSON of its own (web/locale/load.ts), named by content like the rest.
  for (const lang of LANGS) {
    const body = new TextEncoder().encode(JSON.stringify(TABLES[lang]))
    const url = `${ASSET_PREFIX}locale/${lang}-${Bun.hash(body).toString(36)}.json`
    files.set(url, { body, type: 'application/json;charset=utf-8', gzip: Bun.gzipSync(body) })
    entries[`locale/${lang}`] = url
  }
  return { script, stylesheet, entries, files }
}

/** What scripts/build-web.ts writes next to the files, and loadAssets reads back. */
export interface AssetManifest {
  script: string
  stylesheet: string
  entries: Record<string, string>
  files: { url: string; type: string }[]
}

/** Writes a bundle to `dir` (files under their URL paths, plus manifest.json). */
export async function writeAssets(bundle: AssetBundle, dir: string): Promise<AssetManifest> {
  const { script, stylesheet, entries } = bundle
  const manifest: AssetManifest = { script, stylesheet, entries, files: [] }
  for (const [url, file] of bundle.files) {
    const path = join(dir, url)
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, file.body)
    manifest.files.push({ url, type: file.type })
  }
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2))
  return manifest
}

/** A bundle written by writeAssets, for a start without Bun.build (e.g. a compiled binary). */
export async function loadAssets(dir: string): Promise<AssetBundle> {
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as AssetManifest
  const files = new Map<string, AssetFile>()
  for (const { url, type } of manifest.files) {
    const body = new Uint8Array(await readFile(join(dir, url)))
    files.set(url, {
      body,
      type,
      gzip: body.byteLength > 1024 && !url.endsWith('.map') ? Bun.gzipSync(body) : null,
    })
  }
  return { script: manifest.script, stylesheet: manifest.stylesheet, entries: manifest.entries, files }
}

const IMMUTABLE = 'public, max-age=31536000, immutable'

export function serveAsset(bundle: AssetBundle, pathname: string, acceptEncoding: string | null): Response {
  const file = bundle.files.get(pathname)
  if (!file) return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } })
  const headers: Record<string, string> = {
    'content-type': file.type || 'application/octet-stream',
    'cache-control': IMMUTABLE,
    vary: 'accept-encoding',
  }
  if (file.gzip && acceptsGzip(acceptEncoding)) {
    headers['content-encoding'] = 'gzip'
    return new Response(file.gzip, { headers })
  }
  return new Response(file.body, { headers })
}
