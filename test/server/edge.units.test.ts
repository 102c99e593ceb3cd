/**
 * The edge's parts on their own (docs/server.md "Limits"): buckets, addresses, clean text, the
 * payload fingerprint, topic caps, message credits and shedding a socket that does not read.
 */
import { describe, expect, test } from 'bun:test'
import { limitOf } from '../../src/http/address-limits.ts'
import { decodeUrlPart, decodeUtf8, findUncleanText, isCleanText } from '../../src/http/clean-text.ts'
import { clientAddress, limitKey } from '../../src/http/client-address.ts'
import { uncleanUrlPart } from '../../src/http/edge.ts'
import { createKeyedLimiter, TokenBucket } from '../../src/http/rate-limit.ts'
import { createLogger } from '../../src/observability/log.ts'
import { ackKeyOf, canonicalJson } from '../../src/realtime/ack-key.ts'
import { CLOSE_TRY_AGAIN_LATER, MAX_UNSENT_BYTES, sendOrShed } from '../../src/realtime/backpressure.ts'
import { messageCredits } from '../../src/realtime/credits.ts'
import { type Connection, Hub } from '../../src/realtime/hub.ts'
import { topicCap } from '../../src/realtime/topic-caps.ts'

describe('token buckets', () => {
  test('a burst, then one token per 1/perSecond; the wait is told', () => {
    const bucket = new TokenBucket({ burst: 3, perSecond: 2 }, 0)
    expect([bucket.take(0), bucket.take(0), bucket.take(0), bucket.take(0)]).toEqual([
      true,
      true,
      true,
      false,
    ])
    expect(bucket.waitMs(0)).toBe(500)
    expect(bucket.take(499)).toBe(false)
    expect(bucket.take(500)).toBe(true)
    // Never above the burst, however long the pause.
    expect(bucket.isFull(60_000)).toBe(true)
    expect([0, 1, 2, 3].map(() => bucket.take(60_000))).toEqual([true, true, true, false])
  })

  test('a clock going back refills nothing', () => {
    const bucket = new TokenBucket({ burst: 1, perSecond: 1 }, 10_000)
    expect(bucket.take(10_000)).toBe(true)
    expect(bucket.take(0)).toBe(false)
    expect(bucket.take(10_500)).toBe(false)
  })

  test('per key, with Retry-After in whole seconds; full buckets are forgotten so the map stays small', () => {
    let now = 0
    const limiter = createKeyedLimiter({ burst: 2, perSecond: 0.25 }, () => now)
    expect([limiter.check('a'), limiter.check('a'), limiter.check('a')]).toEqual([
      { ok: true },
      { ok: true },
      { ok: false, retryAfterSec: 4 },
    ])
    expect(limiter.check('b')).toEqual({ ok: true })
    for (let i = 0; i < 5000; i++) {
      now += 10_000
      limiter.take(`address-${i}`)
    }
    // Each key refilled before the next came: sweeps keep the map near its floor, not at 5000.
    expect(limiter.size).toBeLessThanOrEqual(1024)
  })
})

describe('message credits of a connection', () => {
  test('30 at once, 3 a second; past them limited; a flood runs out of patience and is closed', () => {
    let now = 0
    const credits = messageCredits(() => now)
    const first = Array.from({ length: 30 }, () => credits.admit())
    expect(new Set(first)).toEqual(new Set(['ok']))
    expect(credits.admit()).toBe('limited')
    now += 1000
    expect([credits.admit(), credits.admit(), credits.admit(), credits.admit()]).toEqual([
      'ok',
      'ok',
      'ok',
      'limited',
    ])
    const flood = Array.from({ length: 40 }, () => credits.admit())
    expect(flood.slice(0, 28)).toEqual(Array(28).fill('limited'))
    expect(flood.at(-1)).toBe('close')
  })

  test('a client a little too fast (3.5 a second) is slowed, never closed', () => {
    let now = 0
    const credits = messageCredits(() => now)
    const seen = new Set<string>()
    for (let i = 0; i < 3.5 * 600; i++) {
      now += 1000 / 3.5
      seen.add(credits.admit())
    }
    expect(seen).toEqual(new Set(['ok', 'limited']))
  })
})

describe('client address', () => {
  const server = (address: string) => ({ requestIP: () => ({ address }) })
  const request = (forwarded?: string) =>
    new Request('http://x/', { headers: forwarded ? { 'x-forwarded-for': forwarded } : {} })

  test('the socket address; X-Forwarded-For only through as many proxies as the operator trusts', () => {
    expect(clientAddress(request('1.2.3.4'), server('10.0.0.9'), 0)).toBe('10.0.0.9')
    expect(clientAddress(request('6.6.6.6, 1.2.3.4'), server('10.0.0.9'), 1)).toBe('1.2.3.4')
    expect(clientAddress(request('6.6.6.6, 1.2.3.4, 10.0.0.8'), server('10.0.0.9'), 2)).toBe('1.2.3.4')
    // A chain shorter than the proxies said, or junk where the proxy writes: the leftmost, or the socket.
    expect(clientAddress(request(), server('10.0.0.9'), 1)).toBe('10.0.0.9')
    expect(clientAddress(request('not-an-ip'), server('10.0.0.9'), 1)).toBe('10.0.0.9')
    expect(clientAddress(request('1.2.3.4'), null, 0)).toBe('unknown')
  })

  test('limits count IPv4-mapped addresses as IPv4 and IPv6 per /64', () => {
    expect(limitKey('::ffff:1.2.3.4')).toBe('1.2.3.4')
    expect(limitKey('1.2.3.4')).toBe('1.2.3.4')
    expect(limitKey('2001:db8:1:2:aaaa::1')).toBe(limitKey('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee'))
    expect(limitKey('2001:db8:1:2::1')).not.toBe(limitKey('2001:db8:1:3::1'))
    expect(limitKey('::1')).toBe('0:0:0:0::/64')
  })
})

describe('which limit a call counts against', () => {
  test.each([
    ['POST', '/api/auth/signin', false, 'signIn'],
    ['POST', '/api/auth/tg-widget', false, 'signIn'],
    ['POST', '/api/auth/signout', false, 'anonymous'],
    ['POST', '/api/init', true, 'signIn'],
    ['POST', '/api/init', false, 'anonymous'],
    ['POST', '/api/waiting-rooms/join', false, 'join'],
    ['POST', '/api/logs', false, 'logs'],
    ['POST', '/api/analytics/batch', false, 'analytics'],
    ['GET', '/api/games/x', false, 'anonymous'],
    ['GET', '/ws', false, 'anonymous'],
    ['POST', '/api/telegram/webhook', false, null],
    ['GET', '/', false, null],
    ['GET', '/assets/app.js', false, null],
  ] as const)('%s %s (init data: %p) → %p', (method, path, initData, limit) => {
    expect(limitOf({ method, path, initData })).toBe(limit)
  })
})

describe('clean text', () => {
  test('NUL and lone surrogates are unclean; pairs and ordinary text are fine', () => {
    expect(isCleanText('héllo 🙂 ё')).toBe(true)
    expect(isCleanText('a\u0000b')).toBe(false)
    expect(isCleanText('a\ud800b')).toBe(false)
    expect(isCleanText('\udc00')).toBe(false)
    expect(findUncleanText({ a: ['ok', { b: 'x\u0000' }] })).toBe('/a/1/b')
    expect(findUncleanText({ 'k\u0000': 1 })).toBe('/(key)')
    expect(findUncleanText({ a: [1, true, null, 'fine'] })).toBeNull()
    // Deep nesting is walked without recursion.
    let deep: unknown = 'x\u0000'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(findUncleanText(deep)).toStartWith('/0/0/0')
  })

  test('bytes must be UTF-8; URL parts must decode to clean text', () => {
    expect(decodeUtf8(new Uint8Array([0x68, 0xc3, 0xa9]))).toBe('hé')
    expect(decodeUtf8(new Uint8Array([0x22, 0xff, 0x22]))).toBeNull()
    expect(decodeUrlPart('caf%C3%A9')).toBe('café')
    expect(decodeUrlPart('100%')).toBe('100%')
    expect(decodeUrlPart('%00')).toBeNull()
    expect(decodeUrlPart('%ff')).toBeNull()
    expect(decodeUrlPart('a%E2%82')).toBeNull()
    expect(uncleanUrlPart(new URL('http://x/api/waiting-rooms/%00'))).toBe('path')
    expect(uncleanUrlPart(new URL('http://x/api/rating?tab=%ff'))).toBe('query parameter tab')
    expect(uncleanUrlPart(new URL('http://x/api/rating?%00=1'))).toBe('query')
    expect(uncleanUrlPart(new URL('http://x/game/abc?room=XY12&x=50%'))).toBeNull()
  })
})

describe('the fingerprint of a message', () => {
  test('the same id, event and payload in any key order match; anything else differs', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}',
    )
    const key = ackKeyOf('m1', 'game/turn', { gameId: 'g', cellIds: [1, 2] })
    expect(ackKeyOf('m1', 'game/turn', { cellIds: [1, 2], gameId: 'g' })).toEqual(key)
    expect(ackKeyOf('m1', 'game/turn', { gameId: 'g', cellIds: [2, 1] }).fingerprint).not.toBe(
      key.fingerprint,
    )
    expect(ackKeyOf('m1', 'game/giveup', { gameId: 'g', cellIds: [1, 2] }).fingerprint).not.toBe(
      key.fingerprint,
    )
    expect(ackKeyOf(1, 'x', {}).messageId).not.toBe(ackKeyOf('1', 'x', {}).messageId)
  })
})

describe('topics per connection', () => {
  const hub = new Hub(() => 0, createLogger({ level: 'silent' }))
  const conn = (id: string): Connection => ({ id, uid: `u-${id}`, send() {}, close() {} })

  test("past a kind's cap the oldest of that kind goes; other kinds stay; resubscribing makes a topic newest", () => {
    const c = conn('c1')
    hub.add(c)
    hub.subscribe(c, 'game:g1')
    const cap = topicCap('presence')
    for (let frame = 0; frame < 20; frame++)
      for (let i = 0; i < 200; i++) hub.subscribe(c, `presence:made-up-${frame}-${i}`)
    expect(hub.topicCount(c)).toBe(cap + 1)
    expect(hub.subscriberCount('game:g1')).toBe(1)
    expect(hub.subscriberCount('presence:made-up-0-0')).toBe(0)
    expect(hub.subscriberCount('presence:made-up-19-199')).toBe(1)
    // The oldest held presence topic, refreshed, survives the next one added.
    const oldest = `presence:made-up-${20 - cap / 200}-0`
    expect(hub.subscriberCount(oldest)).toBe(1)
    hub.subscribe(c, oldest)
    hub.subscribe(c, 'presence:one-more')
    expect(hub.subscriberCount(oldest)).toBe(1)
    expect(hub.subscriberCount(`presence:made-up-${20 - cap / 200}-1`)).toBe(0)
    hub.remove(c)
    expect(hub.topicCount(c)).toBe(0)
    expect(hub.subscriberCount('presence:one-more')).toBe(0)
  })
})

describe('a client that does not read', () => {
  /** Bun's socket as far as sendOrShed uses it: what is still buffered, and the close. */
  const fakeSocket = () => {
    const socket = {
      buffered: 0,
      readyState: 1,
      closed: null as { code?: number; reason?: string } | null,
      send(text: string) {
        socket.buffered += text.length
        return -1
      },
      getBufferedAmount: () => socket.buffered,
      close(code?: number, reason?: string) {
        socket.closed = { code, reason }
        socket.readyState = 3
        socket.buffered = 0
      },
    }
    return socket
  }

  test('is closed with 1013 once more than 1 MiB waits; nothing is sent after', () => {
    const socket = fakeSocket()
    const shed: number[] = []
    const send = sendOrShed(socket, (unsent) => shed.push(unsent))
    const chunk = 'x'.repeat(64 * 1024)
    for (let i = 0; i < 16; i++) send(chunk)
    expect(socket.closed).toBeNull()
    send(chunk)
    expect(socket.closed).toMatchObject({ code: CLOSE_TRY_AGAIN_LATER })
    expect(shed).toEqual([MAX_UNSENT_BYTES + chunk.length])
    send(chunk)
    expect(socket.buffered).toBe(0)
  })

  test('a message Bun dropped closes the connection too: no ack vanishes in silence', () => {
    const socket = { ...fakeSocket(), send: () => 0 }
    let shed = 0
    sendOrShed(socket, () => shed++)('{"type":"ack"}')
    expect(shed).toBe(1)
  })
})
