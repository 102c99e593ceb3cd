/**
 * Entry of the single binary (`npm run build`). The same start as `bun src/main.ts`, with the files
 * that otherwise come from the checkout read from the binary itself: migrations, dictionaries
 * (unless DICTIONARIES_DIR says otherwise), the prebuilt client bundle, public/, and PGlite's wasm
 * modules, file-system bundle and seed cluster (handed over as options: PGlite's own lookup next to its module
 * finds nothing inside a binary).
 */
import { join } from 'node:path'
import { main } from '../main.ts'
import { loadAssets } from '../pages/assets.ts'
import { healthcheck } from './healthcheck.ts'
import { EMBEDDED } from './layout.ts'

// Inside a compiled binary every bundled module sees the same virtual root.
const embedded = (path: string) => join(import.meta.dir, path)

async function wasmModule(path: string): Promise<WebAssembly.Module> {
  return WebAssembly.compile(await Bun.file(embedded(path)).arrayBuffer())
}

async function serve(): Promise<void> {
  const env = { ...process.env }
  if (!env.DICTIONARIES_DIR?.trim()) env.DICTIONARIES_DIR = embedded(EMBEDDED.dictionaries)
  // The binary is what gets deployed: production unless told otherwise (NODE_ENV=development).
  if (!env.NODE_ENV?.trim()) env.NODE_ENV = 'production'

  // With DATABASE_URL set PGlite is never opened: skip compiling its 9 MB of wasm.
  const pglite = env.DATABASE_URL?.trim()
    ? undefined
    : {
        pgliteWasmModule: await wasmModule(EMBEDDED.pgliteWasm),
        initdbWasmModule: await wasmModule(EMBEDDED.initdbWasm),
        fsBundle: Bun.file(embedded(EMBEDDED.pgliteData)),
      }

  const assets = loadAssets(embedded(EMBEDDED.web))
  // Observed here: a broken bundle must not be an unhandled rejection before the pages ask for it.
  assets.catch(() => {})

  await main({
    env,
    run: {
      database: {
        migrationsFolder: embedded(EMBEDDED.migrations),
        pglite,
        seed: embedded(EMBEDDED.pgliteSeed),
      },
      pages: { assets, publicDir: embedded(EMBEDDED.public) },
    },
  })
}

// argv: the runtime, the binary, then its own arguments.
if (process.argv[2] === 'healthcheck') process.exit(await healthcheck(process.env))
else await serve()
