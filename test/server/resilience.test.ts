import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { resolve } from 'node:path'
import { every, later } from '../../src/util/timers.ts'
import { prepareDatabase, type Scratch, signIn, startServer, type TestServer } from './harness.ts'
import { TestSocket } from './ws-client.ts'

describe('the process keeps serving when something throws [pglite]', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({
      db: 'pglite',
      extend: (core) => {
        core.handlers.registerHandler(
          'game/ready',
          async ({ uid }, { gameId }) => {
            if (gameId === 'sync') throw new Error(`handler blew up for ${uid}`)
            if (gameId === 'async') await Promise.reject(new Error('handler rejected'))
            return { success: true, data: { gameId } }
          },
          { replace: true },
        )
        // Background work that fails must be logged, not end the process.
        core.onStop(every(5, core.log, 'failing job', () => Promise.reject(new Error('job failed'))))
        core.onStop(
          later(5, core.log, 'failing timer', () => {
            throw new Error('timer failed')
          }),
        )
      },
    })
  }, 60_000)
  afterAll(() => server.stop())

  test('a throwing socket handler acks INTERNAL_ERROR, is logged, and the connection and server go on', async () => {
    const { token } = await signIn(server, 'Thrower')
    const socket = await TestSocket.connect(server.wsUrl, token)
    for (const gameId of ['sync', 'async']) {
      expect(await socket.request('game/ready', { gameId })).toEqual({
        success: false,
        error: { code: 'INTERNAL_ERROR', message: 'Internal error' },
      })
    }
    expect(server.logs.filter((r) => r.msg === 'socket handler failed')).toHaveLength(2)
    expect(await socket.request('game/ready', { gameId: 'fine' })).toEqual({
      success: true,
      data: { gameId: 'fine' },
    })
    expect(socket.isOpen).toBe(true)
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
    await socket.close()
  })

  test('failing timers and jobs are logged and the server still answers', async () => {
    await Bun.sleep(50)
    expect(server.logs.some((r) => r.msg === 'failing job failed')).toBe(true)
    expect(server.logs.some((r) => r.msg === 'failing timer failed')).toBe(true)
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
  })
})

describe('start hooks [pglite]', () => {
  test('run to the end before the server listens, in order', async () => {
    const order: string[] = []
    const server = await startServer({
      db: 'pglite',
      extend: (core) => {
        core.onStart(async () => {
          await Bun.sleep(30)
          order.push('dictionaries')
        })
        core.onStart(() => {
          order.push('recover games')
        })
        core.onStop(() => {
          order.push('stopped')
        })
      },
    })
    expect(order).toEqual(['dictionaries', 'recover games'])
    await server.stop()
    expect(order).toEqual(['dictionaries', 'recover games', 'stopped'])
  })

  test('a failing start hook fails the start', async () => {
    const start = startServer({
      db: 'pglite',
      extend: (core) =>
        core.onStart(() => {
          throw new Error('dictionary missing')
        }),
    })
    await expect(start).rejects.toThrow('dictionary missing')
  })
})

describe('src/main.ts as a process', () => {
  const main = resolve(import.meta.dir, '../../src/main.ts')
  let scratch: Scratch
  beforeAll(async () => {
    scratch = await prepareDatabase('pglite')
  })
  afterAll(() => scratch.dispose())

  const spawn = (env: Record<string, string>) =>
    Bun.spawn([process.execPath, main], {
      env: {
        PATH: process.env.PATH ?? '',
        ...(process.env.DICTIONARIES_DIR ? { DICTIONARIES_DIR: process.env.DICTIONARIES_DIR } : {}),
        ...env,
      },
      stdout: 'pipe',
      stderr: 'pipe',
    })

  /** Reads JSON log lines from a stream, keeping its place between calls. */
  function lines(stream: ReadableStream<Uint8Array>) {
    const reader = stream.getReader()
    const decoder = new TextDecoder()
    let buffer = ''
    return async (match: (r: Record<string, unknown>) => boolean) => {
      for (;;) {
        for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
          const record = JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>
          buffer = buffer.slice(nl + 1)
          if (match(record)) return record
        }
        const { done, value } = await reader.read()
        if (done) throw new Error('stream ended')
        buffer += decoder.decode(value, { stream: true })
      }
    }
  }

  test('starts with one structured line, serves, and stops cleanly on SIGTERM', async () => {
    const child = spawn({ PORT: '0', DATA_DIR: scratch.dataDir, JWT_SECRET: 'process-test-secret-value' })
    try {
      const stdout = lines(child.stdout)
      const started = await stdout((r) => r.msg === 'started')
      expect(started).toMatchObject({ level: 'info', db: 'pglite', dev: false })
      const port = started.port as number
      expect(await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()).toEqual({ success: true })
      child.kill('SIGTERM')
      await stdout((r) => r.msg === 'stopped')
      expect(await child.exited).toBe(0)
    } finally {
      child.kill('SIGKILL')
    }
  })

  test('missing dictionaries stop the start with a clear message', async () => {
    const child = spawn({
      PORT: '0',
      DATA_DIR: scratch.dataDir,
      DICTIONARIES_DIR: '/nonexistent/dictionaries',
    })
    const line = await lines(child.stderr)((r) => r.msg === 'start failed')
    expect(JSON.stringify(line.err)).toContain('dictionaries missing')
    expect(await child.exited).toBe(1)
  })

  test('a malformed variable stops the start with a clear message', async () => {
    const child = spawn({ PORT: 'abc', DATA_DIR: scratch.dataDir })
    const line = await lines(child.stderr)((r) => r.msg === 'invalid configuration, not starting')
    expect(String(line.problems)).toContain('PORT')
    expect(await child.exited).toBe(1)
  })
})
