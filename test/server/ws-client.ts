/** A small socket client for tests: send with an id, await the ack, collect and await events. */
import type { AckPayload } from '../../src/realtime/protocol.ts'

export interface Received {
  type: string
  event: string
  id?: string | number
  payload: unknown
  timestamp: number
}

/**
 * How long a message that must come may take. Not a measure of speed: in the parallel run a busy
 * machine delays a push by seconds, and only a message that never comes should fail a test.
 */
const ARRIVAL_MS = 10_000

export class TestSocket {
  readonly received: Received[] = []
  private waiters: { match: (m: Received) => boolean; resolve: (m: Received) => void }[] = []
  private nextId = 1
  // Ids are kept per user across connections (resends get the first answer): a new socket must not reuse them.
  private readonly idPrefix = `t${Math.random().toString(36).slice(2, 8)}-`
  private closed: Promise<{ code: number; reason: string }>

  private constructor(private readonly ws: WebSocket) {
    this.closed = new Promise((resolve) =>
      ws.addEventListener('close', (e) => resolve({ code: e.code, reason: e.reason })),
    )
    ws.addEventListener('message', (e) => {
      const message = JSON.parse(String(e.data)) as Received
      this.received.push(message)
      for (const waiter of [...this.waiters])
        if (waiter.match(message)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1)
          waiter.resolve(message)
        }
    })
  }

  /** Resolves once open; rejects when the upgrade is refused. `headers` go with the upgrade. */
  static connect(wsUrl: string, token: string, headers?: Record<string, string>): Promise<TestSocket> {
    return TestSocket.open(`${wsUrl}?token=${encodeURIComponent(token)}`, headers)
  }

  /** A visitor's socket: no token at all, watch-only. */
  static connectWatchOnly(wsUrl: string, headers?: Record<string, string>): Promise<TestSocket> {
    return TestSocket.open(wsUrl, headers)
  }

  private static open(url: string, headers?: Record<string, string>): Promise<TestSocket> {
    // Bun's WebSocket takes headers for the upgrade (e.g. X-Forwarded-For behind a trusted proxy).
    const ws = headers
      ? new WebSocket(url, { headers } satisfies Bun.WebSocketOptions as unknown as string[])
      : new WebSocket(url)
    return new Promise((resolve, reject) => {
      // A limit, not a speed check: a socket that never opens fails here, saying so.
      const timer = setTimeout(() => {
        ws.close()
        reject(new Error(`socket to ${url.split('?')[0]} not open within ${ARRIVAL_MS} ms`))
      }, ARRIVAL_MS)
      ws.addEventListener(
        'open',
        () => {
          clearTimeout(timer)
          resolve(new TestSocket(ws))
        },
        { once: true },
      )
      ws.addEventListener(
        'error',
        (e) => {
          clearTimeout(timer)
          reject(new Error((e as ErrorEvent).message ?? 'socket error'))
        },
        { once: true },
      )
    })
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN
  }

  sendRaw(data: string | ArrayBuffer): void {
    this.ws.send(data)
  }

  send(key: string, payload: unknown, id?: string | number): void {
    const [type, event] = key.split('/')
    this.ws.send(
      JSON.stringify({ type, event, payload, timestamp: Date.now(), ...(id === undefined ? {} : { id }) }),
    )
  }

  /**
   * Sends with an id (given or fresh) and resolves with the ack's payload. Like a well-behaved
   * client, it sends again after a pause when the connection's message credits ran out
   * (RATE_LIMITED: not applied), so a test may play faster than 3 messages a second.
   */
  async request(
    key: string,
    payload: unknown,
    id: string | number = `${this.idPrefix}${this.nextId++}`,
  ): Promise<AckPayload> {
    for (let attempt = 0; ; attempt++) {
      const ack = this.waitForNext((m) => m.type === 'ack' && m.id === id)
      this.send(key, payload, id)
      const answer = (await ack).payload as AckPayload
      if (answer.success || answer.error.code !== 'RATE_LIMITED' || attempt >= 50) return answer
      await Bun.sleep(400)
    }
  }

  /** The first message (already received or coming) that matches, within `ms`. */
  waitFor(match: (m: Received) => boolean, ms = ARRIVAL_MS): Promise<Received> {
    const seen = this.received.find(match)
    if (seen) return Promise.resolve(seen)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done)
        reject(new Error(`no matching message within ${ms} ms; got ${JSON.stringify(this.received)}`))
      }, ms)
      const done = (m: Received) => {
        clearTimeout(timer)
        resolve(m)
      }
      this.waiters.push({ match, resolve: done })
    })
  }

  /** Only messages that arrive from now on. */
  waitForNext(match: (m: Received) => boolean, ms = ARRIVAL_MS): Promise<Received> {
    const seen = this.received.length
    return this.waitFor((m) => this.received.indexOf(m) >= seen && match(m), ms)
  }

  /** Waits until `count` received messages match, and returns them. */
  async collect(match: (m: Received) => boolean, count: number, ms = ARRIVAL_MS): Promise<Received[]> {
    const deadline = Date.now() + ms
    while (this.received.filter(match).length < count) {
      if (Date.now() > deadline)
        throw new Error(`only ${this.received.filter(match).length} of ${count} messages`)
      await Bun.sleep(10)
    }
    return this.received.filter(match)
  }

  event(key: string, ms?: number): Promise<Received> {
    const [type, event] = key.split('/')
    return this.waitFor((m) => m.type === type && m.event === event, ms)
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return
    this.ws.close()
    await this.closed
  }

  waitClosed(): Promise<{ code: number; reason: string }> {
    return this.closed
  }
}
