import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { LANGS } from '../../shared/i18n.ts'
import { TABLES } from '../../shared/i18n-tables.ts'
import { acceptsGzip } from '../http/compress.ts'
import type { AssetLinks } from './document.ts'
import type { ClientSources } from './web-side.ts'

/** The client bundle, held in memory and served under /assets/ (file names carry content hashes). */
export interface AssetBundle extends AssetLinks {
  entries: Record<string, string>
  imports: Record<string, string[]>
  files: Map<string, AssetFile>
}

export interface AssetFile {
  body: Uint8Array<ArrayBuffer>
  type: string
  /** Pre-compressed copy, served when the client accepts gzip. */
  gzip: Uint8Array<ArrayBuffer> | null
}

export const ASSET_PREFIX = '/assets/'
export interface BuildOptions {
  /** Readable output with source maps, for development. */
  dev?: boolean
}

/** A bundle as just built: with the source files that went into it. */
export interface BuiltBundle extends AssetBundle {
  /** Absolute paths of the modules bundled (Bun's metafile), e.g. to prove a module never ships. */
  modules: string[]
}

/** Bundles the client's script, stylesheet and islands (tens of milliseconds; no files are written). */
export async function buildAssets(sources: ClientSources, options: BuildOptions = {}): Promise<BuiltBundle> {
  const dev = options.dev ?? false
  const { root } = sources
  const result = await Bun.build({
    entrypoints: [sources.script, sources.stylesheet, ...sources.lazy].map((entry) => resolve(root, entry)),
    root,
    target: 'browser',
    format: 'esm',
    splitting: true,
    minify: !dev,
    sourcemap: dev ? 'linked' : 'none',
    naming: '[dir]/[name]-[hash].[ext]',
    publicPath: ASSET_PREFIX,
    define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
    throw: false,
    metafile: true,
  })
  if (!result.success) {
    throw new AggregateError(result.logs, `client bundle failed: ${result.logs.map(String).join('; ')}`)
  }
  const files = new Map<string, AssetFile>()
  const scriptName = sources.script.replace(/\.[jt]sx?$/, '')
  let script = ''
  let stylesheet = ''
  const entries: Record<string, string> = {}
  const imports = staticImports(result.metafile?.outputs ?? {})
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
      if (name === scriptName) script = url
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
  const modules = Object.keys(result.metafile?.inputs ?? {}).map((path) => resolve(path))
  return { script, stylesheet, entries, imports, files, modules }
}

type MetafileOutputs = Record<string, { imports?: { path: string; kind: string }[] }>

/** Each script's static imports, by URL: what the browser must fetch before it can run the script. */
function staticImports(outputs: MetafileOutputs): Record<string, string[]> {
  const url = (path: string) => ASSET_PREFIX + path.replace(/^\.\//, '')
  return Object.fromEntries(
    Object.entries(outputs)
      .filter(([path]) => path.endsWith('.js'))
      .map(([path, output]) => [
        url(path),
        (output.imports ?? []).filter((i) => i.kind === 'import-statement').map((i) => url(i.path)),
      ]),
  )
}

/** What scripts/build-web.ts writes next to the files, and loadAssets reads back. */
export interface AssetManifest {
  script: string
  stylesheet: string
  entries: Record<string, string>
  imports: Record<string, string[]>
  files: { url: string; type: string }[]
}

/** Writes a bundle to `dir` (files under their URL paths, plus manifest.json). */
export async function writeAssets(bundle: AssetBundle, dir: string): Promise<AssetManifest> {
  const { script, stylesheet, entries, imports } = bundle
  const manifest: AssetManifest = { script, stylesheet, entries, imports, files: [] }
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
  const { script, stylesheet, entries, imports } = manifest
  return { script, stylesheet, entries, imports, files }
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
