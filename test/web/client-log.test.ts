import { describe, expect, test } from 'bun:test'
import { type ClientLogEntry, createClientLog, reportUncaught } from '../../web/observability/client-log.ts'
import { withDom } from './dom.ts'

withDom()

const silent = { info() {}, warn() {}, error() {} }

function capture(now = () => 1_000) {
  const sent: ClientLogEntry[] = []
  const log = createClientLog({ uid: () => 'u-42', send: (e) => sent.push(e), now, console: silent })
  return { sent, log }
}

describe('the client log (SPEC.md §3 client log entry)', () => {
  test('an entry carries level, message, data, the page context and a timestamp', () => {
    const { sent, log } = capture()
    log.warn('socket closed', { code: 1006 })
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      level: 'warn',
      message: 'socket closed',
      data: { code: 1006 },
      timestamp: 1_000,
    })
    expect(sent[0].context).toMatchObject({
      url: location.href,
      source: 'client-app',
      user_id: 'u-42',
      userAgent: navigator.userAgent,
      windowWidth: window.innerWidth,
    })
  })

  test('long texts are cut below the server limit; at most 20 reports a minute', () => {
    let at = 0
    const { sent, log } = capture(() => at)
    log.error('x'.repeat(10_000))
    expect(sent[0].message.length).toBeLessThan(2100)
    for (let i = 0; i < 30; i++) log.error(`loop ${i}`)
    expect(sent).toHaveLength(20)
    at = 60_000
    log.error('a minute later')
    expect(sent.at(-1)?.message).toBe('a minute later')
  })

  test('window errors and unhandled rejections are reported', () => {
    const { sent, log } = capture()
    reportUncaught(window, log)
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'boom',
        filename: 'boot.js',
        lineno: 3,
        colno: 7,
        error: new Error('boom'),
      }),
    )
    expect(sent.at(-1)).toMatchObject({
      level: 'error',
      message: 'boom',
      data: { message: 'boom', filename: 'boot.js', line: 3, column: 7 },
    })
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown }
    rejection.reason = new Error('nobody caught me')
    window.dispatchEvent(rejection)
    expect(sent.at(-1)).toMatchObject({
      level: 'error',
      message: 'unhandled rejection',
      data: { message: 'nobody caught me' },
    })
  })
})
