import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { every, later } from '../../src/util/timers.ts'
import { useServer } from './clients.ts'
import { prepareDatabase, type Scratch, SERVER_TEST_TIMEOUT_MS, signIn, startServer } from './harness.ts'
import { spawnMain } from './process.ts'
import { TestSocket } from './ws-client.ts'

// Servers and processes start here: the suites' time limit (see harness.ts).
setDefaultTimeout(SERVER_TEST_TIMEOUT_MS)

describe('the process keeps serving when something throws [pglite]', () => {
  const { server } = useServer('pglite', {
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
      core.onStop(
        every(core.schedule, 5, core.log, 'failing job', () => Promise.reject(new Error('job failed'))),
      )
      core.onStop(
        later(core.schedule, 5, core.log, 'failing timer', () => {
          throw new Error('timer failed')
        }),
      )
    },
  })

  test('a throwing socket handler acks INTERNAL_ERROR, is logged, and the connection and server go on', async () => {
    const { token } = await signIn(server(), 'Thrower')
    const socket = await TestSocket.connect(server().wsUrl, token)
    for (const gameId of ['sync', 'async']) {
      expect(await socket.request('game/ready', { gameId })).toEqual({
        success: false,
        error: { code: 'INTERNAL_ERROR', message: 'Internal error' },
      })
    }
    expect(server().logs.filter((r) => r.msg === 'socket handler failed')).toHaveLength(2)
    expect(await socket.request('game/ready', { gameId: 'fine' })).toEqual({
      success: true,
      data: { gameId: 'fine' },
    })
    expect(socket.isOpen).toBe(true)
    expect((await fetch(`${server().url}/api/health`)).status).toBe(200)
    await socket.close()
  })

  test('failing timers and jobs are logged and the server still answers', async () => {
    await Bun.sleep(50)
    expect(server().logs.some((r) => r.msg === 'failing job failed')).toBe(true)
    expect(server().logs.some((r) => r.msg === 'failing timer failed')).toBe(true)
    expect((await fetch(`${server().url}/api/health`)).status).toBe(200)
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
  let scratch: Scratch
  beforeAll(async () => {
    scratch = await prepareDatabase('pglite')
  })
  afterAll(() => scratch.dispose())

  test('starts with one structured line, serves, and stops cleanly on SIGTERM', async () => {
    const proc = spawnMain({ PORT: '0', DATA_DIR: scratch.dataDir, JWT_SECRET: 'process-test-secret-value' })
    try {
      const started = await proc.waitFor((r) => r.msg === 'started')
      expect(started).toMatchObject({ level: 'info', db: 'pglite', dev: false })
      const port = started.port as number
      expect(await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()).toEqual({
        success: true,
        data: { db: 'ok' },
      })
      proc.child.kill('SIGTERM')
      await proc.waitFor((r) => r.msg === 'stopped')
      expect(await proc.child.exited).toBe(0)
    } finally {
      proc.child.kill('SIGKILL')
    }
  })

  test('missing dictionaries stop the start with a clear message', async () => {
    const proc = spawnMain({
      PORT: '0',
      DATA_DIR: scratch.dataDir,
      DICTIONARIES_DIR: '/nonexistent/dictionaries',
    })
    const line = await proc.waitFor((r) => r.msg === 'start failed')
    expect(JSON.stringify(line.err)).toContain('dictionaries missing')
    expect(await proc.child.exited).toBe(1)
  })

  test('a malformed variable stops the start with a clear message', async () => {
    const proc = spawnMain({ PORT: 'abc', DATA_DIR: scratch.dataDir })
    const line = await proc.waitFor((r) => r.msg === 'invalid configuration, not starting')
    expect(String(line.problems)).toContain('PORT')
    expect(await proc.child.exited).toBe(1)
  })
})
