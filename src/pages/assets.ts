import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import type { BunPlugin } from 'bun'
import type { AssetLinks } from './document.ts'

/** The client bundle, held in memory and served under /assets/ (file names carry content hashes). */
export interface AssetBundle extends AssetLinks {
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

/**
 * The translations, as the browser sees them: web/i18n.ts without its three tables (the server
 * and the tests keep them all). Boot loads the page's language as its own chunk
 * (web/locale-load.ts), so a page downloads one language, not three.
 */
const LOCALE_IMPORT = /^import (ru|en|es) from '\.\.\/locales\/(ru|en|es)\.json'$/
const browserMessages: BunPlugin = {
  name: 'browser-messages',
  setup(build) {
    build.onLoad({ filter: /[\\/]web[\\/]i18n\.ts$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8')
      const lines = text.split('\n')
      const cut = lines.filter((line) => LOCALE_IMPORT.test(line)).length
      if (cut !== 3) throw new Error(`web/i18n.ts: expected the three locale imports, found ${cut}`)
      const kept = lines.map((line) => line.replace(LOCALE_IMPORT, 'const $1 = {}')).join('\n')
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
    entrypoints: [ENTRY_SCRIPT, ENTRY_STYLESHEET],
    root: WEB_DIR,
    target: 'browser',
    format: 'esm',
    splitting: true,
    minify: !dev,
    sourcemap: dev ? 'linked' : 'none',
    naming: '[name]-[hash].[ext]',
    publicPath: ASSET_PREFIX,
    define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
    throw: false,
    plugins: [browserEngine, browserMessages],
  })
  if (!result.success) {
    throw new AggregateError(result.logs, `client bundle failed: ${result.logs.map(String).join('; ')}`)
  }
  const files = new Map<string, AssetFile>()
  let script = ''
  let stylesheet = ''
  for (const output of result.outputs) {
    const url = ASSET_PREFIX + output.path.replace(/^\.\//, '')
    const body = new Uint8Array(await output.arrayBuffer())
    const compressible = output.kind !== 'sourcemap' && body.byteLength > 1024
    files.set(url, { body, type: output.type, gzip: compressible ? Bun.gzipSync(body) : null })
    // The stylesheet entry comes out as an 'asset'; it is the only CSS file.
    if (output.kind === 'entry-point' && url.endsWith('.js')) script = url
    else if (url.endsWith('.css')) stylesheet = url
  }
  if (!script || !stylesheet) throw new Error('client bundle lacks its script or stylesheet')
  return { script, stylesheet, files }
}

/** What scripts/build-web.ts writes next to the files, and loadAssets reads back. */
export interface AssetManifest {
  script: string
  stylesheet: string
  files: { url: string; type: string }[]
}

/** Writes a bundle to `dir` (files under their URL paths, plus manifest.json). */
export async function writeAssets(bundle: AssetBundle, dir: string): Promise<AssetManifest> {
  const manifest: AssetManifest = { script: bundle.script, stylesheet: bundle.stylesheet, files: [] }
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
  return { script: manifest.script, stylesheet: manifest.stylesheet, files }
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
  if (file.gzip && /\bgzip\b/.test(acceptEncoding ?? '')) {
    headers['content-encoding'] = 'gzip'
    return new Response(file.gzip, { headers })
  }
  return new Response(file.body, { headers })
}
