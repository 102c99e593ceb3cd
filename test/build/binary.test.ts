/**
 * The single binary (`npm run build`, cached by its inputs' content), copied into a temporary folder
 * far from the checkout and its node_modules, and started there. Everything it needs has to come from the
 * binary itself: PGlite's wasm, data and seed cluster (a new database is made from it), the migrations, the word
 * lists (a game against the computer is generated with them), the client bundle and public/.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, statSync } from 'node:fs'
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ServerProcess, spawnMain, startMain } from '../server/process.ts'
import { TestSocket } from '../server/ws-client.ts'
import { cachedBinary } from './cached-binary.ts'

let dir = ''
let server: (ServerProcess & { port: number }) | undefined
let base = ''
let buildOutput = ''

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'word-territory-binary-'))
  // Built by `npm run build` (scripts/build.ts), once per content of its inputs (cached-binary.ts).
  const built = cachedBinary()
  buildOutput = built.output
  await copyFile(built.path, join(dir, 'word-territory'))
  // No JWT_SECRET: the binary makes its secret and keeps it in DATA_DIR.
  server = await startBinary()
  base = `http://127.0.0.1:${server.port}`
  // Compiling the binary takes ~20 s of CPU: minutes when the machine is shared.
}, 300_000)

// DICTIONARIES_DIR empty: the embedded lists, not a folder of the test environment. No NODE_ENV:
// the binary is production by default.
const binaryEnv = (extra: Record<string, string> = {}) => ({
  DATA_DIR: join(dir, 'data'),
  DICTIONARIES_DIR: '',
  ...extra,
})

/** The first start initialises a new database: seconds of CPU, minutes on a crowded machine. */
function startBinary(extra?: Record<string, string>) {
  return startMain(binaryEnv(extra), {
    command: [join(dir, 'word-territory')],
    cwd: dir,
    startTimeoutMs: 150_000,
  })
}

/** `word-territory healthcheck` against a port: its exit code. */
async function healthcheck(port: number): Promise<number> {
  const check = Bun.spawn([join(dir, 'word-territory'), 'healthcheck'], {
    cwd: dir,
    env: { PORT: String(port) },
    stdout: 'ignore',
    stderr: 'ignore',
  })
  return check.exited
}

afterAll(async () => {
  server?.child.kill('SIGKILL')
  await server?.child.exited
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('the compiled binary', () => {
  test('builds, starts on an empty data folder and serves the API, pages, assets and a computer game', async () => {
    expect(buildOutput).toMatch(/word-territory: \d+\.\d MiB, built in \d+\.\d s/)
    // Nothing to fall back on next to it: no checkout, no node_modules.
    for (const name of ['node_modules', 'drizzle', 'dictionaries', 'web', 'public']) {
      expect(existsSync(join(dir, name))).toBe(false)
    }
    const proc = server!
    expect(proc.records.find((r) => r.msg === 'started')).toMatchObject({ db: 'pglite' })
    // The new database came from the embedded seed cluster, not from initdb (src/db/seed.ts).
    expect(proc.records.find((r) => r.msg === 'embedded database created')).toMatchObject({ from: 'seed' })

    expect(await fetch(`${base}/api/health`).then((r) => r.json())).toEqual({
      success: true,
      data: { db: 'ok' },
    })

    // The sign-in page (no session): server-rendered, with the bundle's links.
    const page = await fetch(`${base}/en/signin`)
    expect(page.status).toBe(200)
    const html = await page.text()
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    const stylesheet = /<link[^>]+href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1]
    // The entry runs the modules its tag lists, the client (boot) last.
    const client = /data-modules="[^"]* (\/assets\/boot-[^" ]+\.js)"/.exec(html)?.[1]
    expect(script).toBeDefined()
    expect(stylesheet).toBeDefined()
    expect(client).toBeDefined()
    expect((await fetch(`${base}${script}`)).status).toBe(200)
    const js = await fetch(`${base}${client}`)
    expect(js.status).toBe(200)
    expect(js.headers.get('content-type')).toContain('javascript')
    expect((await js.arrayBuffer()).byteLength).toBeGreaterThan(10_000)
    expect((await fetch(`${base}${stylesheet}`)).status).toBe(200)
    const favicon = await fetch(`${base}/favicon.svg`)
    expect(favicon.status).toBe(200)
    expect(await favicon.text()).toContain('<svg')

    const signin = await fetch(`${base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nickname: 'Binary', lang: 'en' }),
    }).then((r) => r.json())
    expect(signin.success).toBe(true)
    const token: string = signin.data.auth.token

    // Board generation draws on the word lists: the embedded dictionaries are in use.
    const created = await fetch(`${base}/api/waiting-rooms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ type: 'blitz', mode: 'computer', lang: 'ru', extraParams: { level: 'easy' } }),
    }).then((r) => r.json())
    expect(created).toMatchObject({ success: true })
    const gameId: string = created.data.room.gameId
    const game = await fetch(`${base}/api/games/${gameId}`).then((r) => r.json())
    expect(game).toMatchObject({ success: true, data: { id: gameId, lang: 'ru' } })

    // Finished (given up once it starts): the review worker, the share card's native renderer and
    // its font, and the definitions all run from inside the binary.
    const socket = await TestSocket.connect(`ws://127.0.0.1:${proc.port}/ws`, token)
    expect(await socket.request('game/ready', { gameId })).toMatchObject({ success: true })
    await socket.waitFor((m) => m.event === 'events' && JSON.stringify(m.payload).includes('"start"'), 8000)
    expect(await socket.request('game/giveup', { gameId })).toMatchObject({ success: true })
    await socket.close()
    let review: { status: string } = { status: 'pending' }
    for (let i = 0; i < 100 && review.status === 'pending'; i++) {
      review = (await fetch(`${base}/api/games/${gameId}/review`).then((r) => r.json())).data
      if (review.status === 'pending') await Bun.sleep(100)
    }
    expect(review).toMatchObject({ status: 'ready', review: { turns: expect.any(Array) } })
    const card = await fetch(`${base}/api/games/${gameId}/card.png`)
    expect(card.status).toBe(200)
    expect([...new Uint8Array(await card.arrayBuffer()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
    const meaning = await fetch(`${base}/api/definitions/en/cats`).then((r) => r.json())
    expect(meaning.data).toMatchObject({ lemma: 'cat', source: 'WordNet 3.1' })

    // The container health check: the binary asks the running server, then finds it gone.
    expect(await healthcheck(proc.port)).toBe(0)
    // A clean stop closes the embedded database.
    proc.child.kill('SIGTERM')
    expect(await proc.child.exited).toBe(0)
    expect(proc.records.some((r) => r.msg === 'stopped')).toBe(true)
    expect(await healthcheck(proc.port)).toBe(1)

    // The secret it made is kept (0600), so the token of before the restart still works.
    expect(statSync(join(dir, 'data', 'server-secret')).mode & 0o777).toBe(0o600)
    server = await startBinary()
    const again = await fetch(`http://127.0.0.1:${server.port}/api/games`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(again.status).toBe(200)
    server.child.kill('SIGTERM')
    expect(await server.child.exited).toBe(0)
  }, 240_000)

  test('is production by default: DEV=1 is refused unless DEV_UNSAFE=1 forces it, loudly', async () => {
    const refused = spawnMain(binaryEnv({ PORT: '0', DEV: '1' }), {
      command: [join(dir, 'word-territory')],
      cwd: dir,
    })
    const said = await refused.waitFor((r) => JSON.stringify(r).includes('DEV=1 is refused in production'))
    expect(said.msg).toBe('invalid configuration, not starting')
    expect(await refused.child.exited).toBe(1)

    server = await startBinary({ DEV: '1', DEV_UNSAFE: '1' })
    expect(server.records.find((r) => r.msg === 'started')).toMatchObject({ dev: true })
    expect(server.records.some((r) => r.level === 'warn' && String(r.msg).startsWith('UNSAFE'))).toBe(true)
    server.child.kill('SIGTERM')
    expect(await server.child.exited).toBe(0)
  }, 240_000)
})
