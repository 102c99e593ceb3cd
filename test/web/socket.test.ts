/**
 * The socket client's connection rules (PROTOCOL.md, SPEC.md §4) against a stand-in for the
 * browser's WebSocket and a clock the test moves: reconnect 1 s after a close, notices, messages
 * held back while disconnected, unanswered requests sent again with the same id, catch-up hook.
 */
import { describe, expect, test } from 'bun:test'
import { effect } from '@preact/signals-react'
import { createSocket, socketUrl } from '../../web/realtime/socket.ts'
import { FakeSocket, timers } from './fake-socket.ts'

function setup() {
  FakeSocket.all = []
  const clock = timers()
  const messages: unknown[] = []
  const opens: boolean[] = []
  const warnings: string[] = []
  let ids = 0
  const socket = createSocket({
    url: () => 'ws://x/ws?token=t',
    WebSocket: FakeSocket as unknown as new (url: string) => WebSocket,
    onMessage: (m) => messages.push(m),
    onOpen: (reconnect) => opens.push(reconnect),
    timers: clock,
    newId: () => `m${++ids}`,
    warn: (message) => warnings.push(message),
  })
  socket.start()
  const current = () => FakeSocket.all[FakeSocket.all.length - 1]
  return { socket, clock, messages, opens, warnings, current }
}

const frames = (s: FakeSocket) => s.sent.map((f) => JSON.parse(f))

describe('the socket client', () => {
  test('reconnects 1 s after a close, says reconnecting then reconnected, and asks for a catch-up', () => {
    const { socket, clock, opens, current } = setup()
    current().open()
    expect(socket.connected.value).toBe(true)
    expect(opens).toEqual([false])
    current().close()
    expect(socket.connected.value).toBe(false)
    expect(socket.notice.value).toBe('reconnecting')
    clock.advance(999)
    expect(FakeSocket.all.length).toBe(1)
    clock.advance(1)
    expect(FakeSocket.all.length).toBe(2)
    current().open()
    expect(socket.notice.value).toBe('reconnected')
    expect(opens).toEqual([false, true])
    // A connection refused outright is retried every second too.
    current().close()
    clock.advance(1000)
    expect(FakeSocket.all.length).toBe(3)
  })

  test('messages sent while disconnected are held back and go out, in order, on the next open', () => {
    const { socket, current } = setup()
    socket.send('user/presenceSubscribe', { uids: ['a'] })
    socket.send('user/presenceResume', {})
    expect(current().sent).toEqual([])
    current().open()
    expect(frames(current()).map((f) => `${f.type}/${f.event}`)).toEqual([
      'user/presenceSubscribe',
      'user/presenceResume',
    ])
  })

  test('held back before the first open is every page start and logs nothing; after a loss it warns', () => {
    const { socket, clock, warnings, current } = setup()
    socket.send('user/presenceResume', {})
    expect(warnings).toEqual([])
    current().open()
    current().close()
    socket.send('user/presenceResume', {})
    expect(warnings).toEqual(['socket: not connected, message held back'])
    clock.advance(1000)
    current().open()
    expect(frames(current()).map((f) => f.event)).toEqual(['presenceResume'])
  })

  test('a request made as the connection opens (a listener of connected) goes out once, after the resent ones', () => {
    const { socket, clock, current } = setup()
    current().open()
    void socket.request('game/observe', { gameId: 'g1' })
    current().close()
    const stop = effect(() => {
      if (socket.connected.value) void socket.request('user/presenceSubscribe', { uids: ['u2'] })
    })
    clock.advance(1000)
    current().open()
    expect(frames(current()).map((f) => [f.event, f.id])).toEqual([
      ['observe', 'm1'],
      ['presenceSubscribe', 'm2'],
    ])
    stop()
  })

  test('a request resolves with its ack; one lost with the connection is sent again with the same id', async () => {
    const { socket, clock, current } = setup()
    current().open()
    const answer = socket.request('game/ready', { gameId: 'g1' })
    const first = frames(current())[0]
    expect(first).toMatchObject({ type: 'game', event: 'ready', payload: { gameId: 'g1' }, id: 'm1' })
    current().close()
    clock.advance(1000)
    current().open()
    // Same id: the server answers a repeated id from its stored ack, so the action runs once.
    expect(frames(current())).toEqual([expect.objectContaining({ id: 'm1', event: 'ready' })])
    current().receive({
      type: 'ack',
      event: 'ack',
      id: 'm1',
      payload: { success: true, data: {} },
      timestamp: 1,
    })
    expect(await answer).toEqual({ success: true, data: {} })
    // Answered: not sent a third time.
    current().close()
    clock.advance(1000)
    current().open()
    expect(current().sent).toEqual([])
  })

  test('server messages arrive as type/event with the server time; stop ends reconnecting', () => {
    const { socket, clock, messages, current } = setup()
    current().open()
    current().receive({ type: 'lobby', event: 'pvpMonitor', payload: { counts: {} }, timestamp: 42 })
    expect(messages).toEqual([{ key: 'lobby/pvpMonitor', payload: { counts: {} }, timestamp: 42 }])
    socket.stop()
    clock.advance(5000)
    expect(FakeSocket.all.length).toBe(1)
  })

  test('an unanswered request gives up after its timeout with a NETWORK error', async () => {
    const { socket, clock, current } = setup()
    current().open()
    const answer = socket.request('user/checkword', { lang: 'en', word: 'cat' })
    clock.advance(20_000)
    expect(await answer).toEqual({
      success: false,
      error: { code: 'NETWORK', message: 'No answer from the server' },
    })
  })

  test('the URL follows the page: ws for http, wss for https, the token in the query', () => {
    expect(socketUrl('http://localhost:3000', 'a b')).toBe('ws://localhost:3000/ws?token=a+b')
    expect(socketUrl('https://game.example', 't')).toBe('wss://game.example/ws?token=t')
  })
})
