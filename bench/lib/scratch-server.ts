/**
 * The real server for a bench, on a database of its own: a fresh PGlite folder, or with
 * DATABASE_URL a fresh database created next to the one named there and dropped afterwards. A bench
 * never writes into an existing database.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { parseConfig } from '../../src/config.ts'
import { type Dictionaries, loadDictionaries } from '../../src/dictionaries/store.ts'
import { createLogger } from '../../src/observability/log.ts'
import { type RunningServer, runServer } from '../../src/server.ts'
import { webSide } from '../../web/islands/index.ts'
import { postData } from './http.ts'

export interface ScratchServer {
  server: RunningServer
  /** The word lists the server plays with. */
  dictionaries: Dictionaries
  /** http://127.0.0.1:<port> */
  base: string
  wsUrl(token: string): string
  /** Signs `nickname` in (a web account) and opens a socket with its token; resolves once it is open. */
  connect(nickname: string): Promise<{ uid: string; token: string; ws: WebSocket }>
  /** Stops the server and removes its database. */
  stop(): Promise<void>
  /** Stops, then prints the bench's one JSON line: its name, the database kind, then `report`. */
  finish(bench: string, report: Record<string, unknown>): Promise<void>
}

type SignedIn = { auth: { token: string; uid: string } }

/**
 * With DATABASE_URL: a fresh database next to the one named there, its URL and how to drop it;
 * without: '' (the server then uses PGlite in its DATA_DIR).
 */
export async function scratchDatabase(): Promise<{ databaseUrl: string; drop(): Promise<void> }> {
  if (!process.env.DATABASE_URL) return { databaseUrl: '', drop: async () => {} }
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} })
  const scratchDb = `wt_bench_${Date.now().toString(36)}`
  await admin.unsafe(`create database "${scratchDb}"`)
  const url = new URL(process.env.DATABASE_URL)
  url.pathname = `/${scratchDb}`
  return {
    databaseUrl: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists "${scratchDb}" with (force)`)
      await admin.end()
    },
  }
}

export async function startScratchServer(): Promise<ScratchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wt-bench-'))
  const { databaseUrl, drop } = await scratchDatabase()
  const config = parseConfig({
    // Load benches run hundreds of clients from 127.0.0.1: the per-address and per-connection
    // limits are lifted unless the environment says otherwise (bench/abuse.ts runs with them on).
    RATE_LIMITS: 'off',
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    DATA_DIR: join(dataDir, 'db'),
    JWT_SECRET: 'bench-secret-bench-secret-bench',
    LOG_LEVEL: 'error',
  })
  const dictionaries = loadDictionaries(config.dictionariesDir)
  const server = await runServer({
    config,
    log: createLogger({ level: 'error' }),
    dictionaries,
    web: webSide,
  })
  const base = `http://127.0.0.1:${server.port}`
  const wsUrl = (token: string) => `ws://127.0.0.1:${server.port}/ws?token=${token}`
  const stop = async () => {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
    await drop()
  }
  return {
    server,
    dictionaries,
    base,
    wsUrl,
    async connect(nickname) {
      const { auth } = await postData<SignedIn>(base, '/api/auth/signin', null, { nickname })
      const ws = new WebSocket(wsUrl(auth.token))
      await new Promise((r) => ws.addEventListener('open', r, { once: true }))
      return { uid: auth.uid, token: auth.token, ws }
    },
    stop,
    async finish(bench, report) {
      await stop()
      console.log(JSON.stringify({ bench, db: server.database.kind, ...report }))
    },
  }
}
