// The single binary: `bun scripts/build.ts [--target bun-linux-arm64] [--outfile path]`.
// Builds the client bundle, stages what the server reads from disk (migrations, .wtdg dictionaries,
// public/, PGlite's wasm, data and seed cluster) under the names of src/binary/layout.ts, and compiles
// src/binary/entry.ts with that folder embedded. Prints the build time and the binary's size.
import { cp, mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { EMBEDDED, REVIEW_WORKER } from '../src/binary/layout.ts'
import { checkoutSeed, makeSeed, pgliteDist } from '../src/db/seed.ts'
import { loadDictionaries } from '../src/dictionaries/store.ts'
import { buildAssets, writeAssets } from '../src/pages/assets.ts'
import { webSide } from '../web/islands/index.ts'

const ROOT = resolve(import.meta.dir, '..')
const DICTIONARIES = join(ROOT, 'dictionaries')

/** Copies every embedded file to `stage`, under its path in EMBEDDED. */
async function stageFiles(stage: string): Promise<void> {
  const at = (path: string) => join(stage, path)
  await writeAssets(await buildAssets(webSide.sources), at(EMBEDDED.web))
  await cp(join(ROOT, 'drizzle'), at(EMBEDDED.migrations), { recursive: true })
  await cp(join(ROOT, 'public'), at(EMBEDDED.public), { recursive: true })
  for await (const file of new Bun.Glob('*/*.wtdg').scan(DICTIONARIES)) {
    await cp(join(DICTIONARIES, file), join(at(EMBEDDED.dictionaries), file))
  }
  // Word definitions (scripts/build-definitions.ts) live beside the lists.
  for await (const file of new Bun.Glob('*/definitions.json.gz').scan(DICTIONARIES)) {
    await cp(join(DICTIONARIES, file), join(at(EMBEDDED.dictionaries), file))
  }
  const pglite = pgliteDist()
  await cp(join(pglite, 'pglite.wasm'), at(EMBEDDED.pgliteWasm))
  await cp(join(pglite, 'initdb.wasm'), at(EMBEDDED.initdbWasm))
  await cp(join(pglite, 'pglite.data'), at(EMBEDDED.pgliteData))
  // The binary's first start unpacks a cluster instead of running initdb (src/db/seed.ts): the
  // checkout's for this PGlite, or one made now when PGlite was upgraded without it.
  const seed = checkoutSeed()
  if (seed) await cp(seed, at(EMBEDDED.pgliteSeed))
  else await Bun.write(at(EMBEDDED.pgliteSeed), await makeSeed())
}

async function compile(stage: string, outfile: string, target: string | undefined): Promise<void> {
  // compile.assets keeps paths relative to the working directory: run it from the stage folder.
  process.chdir(stage)
  try {
    const result = await Bun.build({
      // The review worker is a second entrypoint: a Worker's script must be bundled on its own.
      entrypoints: [join(ROOT, 'src/binary/entry.ts'), join(ROOT, REVIEW_WORKER.source)],
      compile: {
        outfile,
        ...(target ? { target: target as Bun.Build.CompileTarget } : {}),
        assets: [...new Set(Object.values(EMBEDDED).map((path) => path.split('/')[0]))],
      },
      // Not minified: Elysia reads handlers' source to see which parts of the request they use
      // (`resolve({ headers })`); after minification (even whitespace and syntax only) a macro's
      // resolve got no headers and every signed-in call failed. It would save under 1 MiB of 130.
      minify: false,
      // Embedded in the binary: stack traces name src/ files. The copy written beside it goes.
      sourcemap: 'linked',
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      throw: false,
    })
    if (!result.success) throw new AggregateError(result.logs, result.logs.map(String).join('\n'))
    await rm(`${outfile}.map`, { force: true })
  } finally {
    process.chdir(ROOT)
  }
}

const { values: args } = parseArgs({
  options: {
    target: { type: 'string' },
    outfile: { type: 'string', default: 'dist/word-territory' },
  },
})
const outfile = resolve(ROOT, args.outfile)
const started = performance.now()

// A fresh folder per build, so two builds (a test and a deploy) never share one.
const stage = await mkdtemp(join(tmpdir(), 'word-territory-build-'))
try {
  // The same check the server makes at start: a binary without its word lists would not start.
  loadDictionaries(DICTIONARIES)
  await stageFiles(stage)
  await compile(stage, outfile, args.target)
} catch (err) {
  process.stderr.write(`build failed: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exitCode = 1
} finally {
  await rm(stage, { recursive: true, force: true })
}
if (process.exitCode !== 1) {
  const size = (await stat(outfile)).size
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  process.stdout.write(
    `${relative(ROOT, outfile)}: ${(size / 1024 / 1024).toFixed(1)} MiB, built in ${seconds} s\n`,
  )
}
