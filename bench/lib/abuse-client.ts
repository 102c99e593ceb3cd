/**
 * Clients for bench/abuse.ts: HTTP calls and sockets that claim a client address through
 * X-Forwarded-For (the server trusts one proxy there), and a raw socket that never reads.
 */
import { randomBytes } from 'node:crypto'
import { connect, type Socket } from 'node:net'

export interface Target {
  base: string
  port: number
}

export async function api(
  target: Target,
  path: string,
  options: { address: string; token?: string; body?: unknown; method?: string },
): Promise<{ status: number; json: { success: boolean; data?: unknown; error?: { code: string } } }> {
  const res = await fetch(`${target.base}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      'x-forwarded-for': options.address,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  })
  const text = await res.text()
  let json = { success: false }
  try {
    json = JSON.parse(text)
  } catch {
    // a non-JSON answer is reported by its status
  }
  return { status: res.status, json }
}

export async function signIn(target: Target, nickname: string, address: string) {
  const { status, json } = await api(target, '/api/auth/signin', { address, body: { nickname } })
  if (status !== 200) throw new Error(`sign-in of ${nickname}: ${status} ${JSON.stringify(json)}`)
  return (json.data as { auth: { token: string; uid: string } }).auth
}

export interface Ack {
  success: boolean
  data?: unknown
  error?: { code: string; message: string }
}

/** A socket client that sends with ids, times the acks and notes how it closed. */
export class SocketClient {
  readonly closed: Promise<number>
  private readonly pending = new Map<string, (ack: Ack) => void>()
  private nextId = 0
  onMessage: (message: { type: string; event?: string; payload: unknown }) => void = () => {}

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.addEventListener('close', (e) => resolve(e.code)))
    ws.addEventListener('message', (e) => {
      const message = JSON.parse(String(e.data))
      if (message.type === 'ack') this.pending.get(String(message.id))?.(message.payload)
      else this.onMessage(message)
    })
  }

  /** Rejects when the upgrade is refused (e.g. 429). */
  static open(target: Target, address: string, token?: string): Promise<SocketClient> {
    const url = `ws://127.0.0.1:${target.port}/ws${token ? `?token=${token}` : ''}`
    const ws = new WebSocket(url, {
      headers: { 'x-forwarded-for': address },
    } satisfies Bun.WebSocketOptions as unknown as string[])
    return new Promise((resolve, reject) => {
      ws.addEventListener('open', () => resolve(new SocketClient(ws)), { once: true })
      ws.addEventListener('error', () => reject(new Error('upgrade refused')), { once: true })
    })
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN
  }

  send(key: string, payload: unknown, id?: string | number): void {
    const [type, event] = key.split('/')
    if (this.open) this.ws.send(JSON.stringify({ type, event, payload, timestamp: Date.now(), id }))
  }

  /** Sends and resolves with the ack and how long it took; null when none came within `ms`. */
  request(key: string, payload: unknown, id: string | number = `r${this.nextId++}`, ms = 5000) {
    const sent = performance.now()
    return new Promise<{ ack: Ack; ms: number } | null>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(String(id))
        resolve(null)
      }, ms)
      this.pending.set(String(id), (ack) => {
        clearTimeout(timer)
        this.pending.delete(String(id))
        resolve({ ack, ms: performance.now() - sent })
      })
      this.send(key, payload, id)
    })
  }

  close(): void {
    this.ws.close()
  }
}

/** A client frame (RFC 6455: text, masked). */
function frame(text: string): Buffer {
  const payload = Buffer.from(text)
  const mask = randomBytes(4)
  const length = payload.length
  const head =
    length < 126
      ? Buffer.from([0x81, 0x80 | length])
      : Buffer.from([0x81, 0x80 | 126, length >> 8, length & 0xff])
  for (let i = 0; i < length; i++) payload[i] ^= mask[i % 4]
  return Buffer.concat([head, mask, payload])
}

/**
 * A socket that upgrades and then never reads another byte, however much the server sends it.
 * Rejects when the upgrade is refused.
 */
export async function unreadSocket(target: Target, address: string, token: string): Promise<Socket> {
  const socket = connect(target.port, '127.0.0.1')
  socket.on('error', () => {})
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  // The answer to the upgrade is read (a frame sent before it would be taken for a second request).
  const answer = new Promise<string>((resolve) => {
    let head = ''
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1')
      if (!head.includes('\r\n\r\n')) return
      socket.off('data', onData)
      socket.pause()
      resolve(head)
    }
    socket.on('data', onData)
    socket.once('close', () => resolve(head))
  })
  socket.write(
    `GET /ws?token=${token} HTTP/1.1\r\nHost: 127.0.0.1:${target.port}\r\nX-Forwarded-For: ${address}\r\n` +
      'Upgrade: websocket\r\nConnection: Upgrade\r\n' +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  )
  const head = await answer
  if (!head.startsWith('HTTP/1.1 101')) {
    socket.destroy()
    throw new Error(`upgrade refused: ${head.slice(0, 40)}`)
  }
  return socket
}

export function sendFrame(socket: Socket, key: string, payload: unknown, id?: number): void {
  const [type, event] = key.split('/')
  if (!socket.destroyed) socket.write(frame(JSON.stringify({ type, event, payload, timestamp: 0, id })))
}
