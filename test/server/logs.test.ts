import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createClientLog, sendToServer } from '../../web/observability/client-log.ts'
import { describeServer, startServer, type TestServer } from './harness.ts'

describeServer('client logs and the REST envelope', (db) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ db })
  })
  afterAll(() => server.stop())

  const send = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/logs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    })

  test("the web client's reporter reaches the structured log (web/observability/client-log.ts)", async () => {
    const silent = { info() {}, warn() {}, error() {} }
    const log = createClientLog({
      uid: () => 'u-7',
      send: sendToServer(server.url),
      console: silent,
      context: (uid) => ({ url: '/game/9', source: 'client-app', user_id: uid }),
    })
    log.error('island Game: hydration failed', { differs: 'text #3' })
    const sent = () => server.logs.find((r) => r.msg === 'island Game: hydration failed')
    for (let i = 0; i < 100 && !sent(); i++) await Bun.sleep(20)
    expect(sent()).toMatchObject({ level: 'error', source: 'client', data: { differs: 'text #3' } })
    expect(sent()?.context).toEqual({ url: '/game/9', source: 'client-app', user_id: 'u-7' })
  })

  test('a client log line is answered success and written through the logger', async () => {
    const res = await server.api.api.logs.post({
      level: 'error',
      message: 'window error: boom',
      data: { stack: 'at x' },
      context: { url: '/game/1', source: 'client-app', user_id: 'u1' },
      timestamp: 1700000000000,
    })
    expect(res.status).toBe(200)
    expect(res.data).toEqual({ success: true, data: {} })
    const record = server.logs.find((r) => r.msg === 'window error: boom')
    expect(record).toMatchObject({ level: 'error', source: 'client', data: { stack: 'at x' } })
    expect(record?.context).toMatchObject({ url: '/game/1' })
  })

  test('"log" level lines are written at info', async () => {
    await server.api.api.logs.post({ level: 'log', message: 'plain log line' })
    expect(server.logs.find((r) => r.msg === 'plain log line')?.level).toBe('info')
  })

  test('an entry above 8 KB is 413 and not logged', async () => {
    const message = `big-${'x'.repeat(9000)}`
    const res = await send(JSON.stringify({ level: 'info', message }))
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } })
    expect(server.logs.some((r) => r.msg.startsWith('big-'))).toBe(false)
  })

  test('an 8 KB body without a content-length is still refused', async () => {
    const body = JSON.stringify({ level: 'info', message: 'y'.repeat(3000), data: 'z'.repeat(6000) })
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body))
        controller.close()
      },
    })
    const res = await fetch(`${server.url}/api/logs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
    })
    expect(res.status).toBe(413)
  })

  test('invalid entries are 400 BAD_REQUEST', async () => {
    for (const body of ['{"level":"loud","message":"x"}', '{"message":"x"}', '{not json', '[]']) {
      const res = await send(body)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } })
    }
  })

  test('health answers success; an unknown route is 404 in the envelope', async () => {
    expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({
      success: true,
      data: { db: 'ok' },
    })
    const res = await fetch(`${server.url}/api/nothing-here`)
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } })
  })
})
