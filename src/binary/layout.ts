/**
 * Where the compiled binary keeps its embedded files, relative to its virtual root (`/$bunfs/root`
 * at run time; scripts/build.ts stages them under the same names). Shared by both sides so the
 * build and the start cannot disagree.
 */
export const EMBEDDED = {
  /** drizzle/ as it is: the SQL files and meta/_journal.json. */
  migrations: 'drizzle',
  /** `<lang>/<dictType>.wtdg` and `<lang>/definitions.json.gz`; the .txt lists are not needed to play. */
  dictionaries: 'dictionaries',
  /** The client bundle as scripts/build-web.ts writes it (manifest.json + assets/). */
  web: 'web',
  public: 'public',
  /** PGlite's runtime files, which `bun build --compile` does not follow on its own. */
  pgliteWasm: 'pglite/pglite.wasm',
  initdbWasm: 'pglite/initdb.wasm',
  pgliteData: 'pglite/pglite.data',
  /** The fresh cluster a first start unpacks (src/db/seed.ts). */
  pgliteSeed: 'pglite/seed.tar.gz',
} as const

/**
 * The review worker's script (src/review/runner.ts starts it), compiled as an entrypoint of its own.
 * Inside the binary a worker is named by its path relative to the entrypoints' common folder (src/).
 */
export const REVIEW_WORKER = { source: 'src/review/worker.ts', embedded: './review/worker.ts' } as const
