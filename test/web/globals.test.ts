/**
 * Web suites lend the process browser globals (happy-dom, a fake WebSocket) and must give them back:
 * every worker runs server suites after them in the same process, and a WebSocket left behind by a
 * web suite never opens (it made server tests fail in the whole suite, never alone).
 */
import { describe, expect, test } from 'bun:test'
import { withDom } from './dom.ts'
import { FakeSocket, withFakeWebSocket } from './fake-socket.ts'

describe('a web suite with a DOM and a fake socket', () => {
  withDom()
  withFakeWebSocket()
  test('has them while it runs', () => {
    expect(globalThis.WebSocket).toBe(FakeSocket as unknown as typeof WebSocket)
    expect(typeof document).toBe('object')
  })
})

test('after it, Bun’s own WebSocket and no document are back', () => {
  expect(String(globalThis.WebSocket)).toContain('[native code]')
  expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined')
})
