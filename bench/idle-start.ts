/**
 * A start with many idle games on disk (docs/server.md "Idle games"): N abandoned classic games
 * are stored, the server is stopped and started again on the same folder. One JSON line: the time
 * the second start took and the rooms it loaded, then the time and live heap it takes to load
 * every one of them (what every start did before).
 *
 *   bun bench/idle-start.ts [--games 3000]
 *
 * Runs on a fresh PGlite folder (removed afterwards).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { boardFromLetters, createGame } from '../engine/index.ts'
import { parseConfig } from '../src/config.ts'
import { newId } from '../src/db/ids.ts'
import { loadDictionaries } from '../src/dictionaries/store.ts'
import { insertGame } from '../src/games/repo.ts'
import { createLogger } from '../src/observability/log.ts'
import { runServer } from '../src/server.ts'
import { webSide } from '../web/islands/index.ts'
import { flags } from './lib/dictionaries.ts'
import { postData } from './lib/http.ts'
import { round } from './lib/stats.ts'

const GAMES = Number(flags(process.argv.slice(2)).get('games') ?? 3000)
const root = mkdtempSync(join(tmpdir(), 'wt-bench-idle-'))
const config = parseConfig({
  ...process.env,
  DATABASE_URL: '',
  PORT: '0',
  DATA_DIR: join(root, 'db'),
  JWT_SECRET: 'bench-secret-bench-secret-bench',
  LOG_LEVEL: 'error',
})
const dictionaries = loadDictionaries(config.dictionariesDir)
const log = createLogger({ level: 'error' })
/** Live heap after a full collection, MB. */
const heapMb = () => {
  Bun.gc(true)
  return round(process.memoryUsage().heapUsed / 2 ** 20, 1)
}

try {
  let server = await runServer({ config, log, dictionaries, web: webSide })
  const base = `http://127.0.0.1:${server.port}`
  type Auth = { auth: { uid: string } }
  const a = (await postData<Auth>(base, '/api/auth/signin', null, { nickname: 'Idle A' })).auth.uid
  const b = (await postData<Auth>(base, '/api/auth/signin', null, { nickname: 'Idle B' })).auth.uid
  const now = Date.now()
  const ids: string[] = []
  for (let i = 0; i < GAMES; i++) {
    const game = createGame({
      id: newId(now),
      mode: 'pvp',
      lang: 'en',
      options: { timeMode: 'classic' },
      users: [
        { id: a, name: 'A', avatar: null },
        { id: b, name: 'B', avatar: null },
      ],
      board: boardFromLetters([...'catercatonoetisqxzjvxqjzk'], 5),
      now,
    })
    Object.assign(game, {
      state: 'active',
      ready: [true, true],
      startedAt: now,
      turnStartedAt: now,
      turnAvailable: 0,
    })
    await insertGame(server.database.db, game)
    ids.push(game.id)
  }
  await server.stop()

  const heapBefore = heapMb()
  const started = performance.now()
  server = await runServer({ config, log, dictionaries, web: webSide })
  const startMs = round(performance.now() - started, 0)
  const games = server.app.decorator.games
  const loaded = games.loadedGames()
  const heapAfterStart = heapMb()
  // What every start used to do: every unfinished game in memory.
  const loading = performance.now()
  for (const id of ids) await games.live(id)
  const loadAllMs = round(performance.now() - loading, 0)
  const heapAllLoaded = heapMb()
  process.stdout.write(
    `${JSON.stringify({
      idleGames: GAMES,
      startMs,
      gamesLoadedAtStart: loaded,
      loadingAllMs: loadAllMs,
      heapMb: { beforeStart: heapBefore, afterStart: heapAfterStart, withAllGamesLoaded: heapAllLoaded },
    })}\n`,
  )
  await server.stop()
} finally {
  rmSync(root, { recursive: true, force: true })
}
