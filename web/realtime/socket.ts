import { type Signal, signal } from '@preact/signals-react'
import type {
  AckOf,
  AckPayload,
  ClientEvent,
  ClientPayload,
  IncomingMessage,
} from '../../src/realtime/protocol.ts'

/** A server message as it arrives: `type/event` joined as `key` (the union's tag), the server's clock. */
export type Incoming = IncomingMessage

/** Connection notices of SPEC.md §4. */
export type SocketNotice = 'reconnecting' | 'reconnected' | null

export interface SocketTimers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface SocketDeps {
  /** The socket URL with the current token (read at every (re)connect: tokens refresh). */
  url: () => string
  WebSocket: new (url: string) => WebSocket
  onMessage(message: Incoming): void
  /** Every open; `reconnect` is true after the first, when the caller must fetch what it missed. */
  onOpen?(reconnect: boolean): void
  timers?: SocketTimers
  /** Ids unique per user across page loads: the server dedupes resent messages by (user, id). */
  newId?: () => string
  reconnectDelayMs?: number
  /** An unanswered request gives up after this long (the socket stays). */
  ackTimeoutMs?: number
  warn?: (message: string, data?: unknown) => void
}

interface Pending {
  frame: string
  resolve(payload: AckPayload): void
  timer: unknown
}

const DEFAULT_TIMERS: SocketTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

function randomId(): string {
  const bytes = new Uint8Array(9)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * The socket client of PROTOCOL.md: reconnects 1 s after any close, holds messages back while
 * disconnected and sends them on the next open, resends requests that were sent but never
 * answered (the server answers a repeated id from its stored ack, so an action never runs twice),
 * and tells the caller after each reconnect so it can fetch `/api/games/updates`.
 */
export function createSocket(deps: SocketDeps) {
  const timers = deps.timers ?? DEFAULT_TIMERS
  const newId = deps.newId ?? (() => `${randomId()}`)
  const delay = deps.reconnectDelayMs ?? 1000
  const ackTimeout = deps.ackTimeoutMs ?? 20_000
  const connected: Signal<boolean> = signal(false)
  const notice: Signal<SocketNotice> = signal(null)
  const pending = new Map<string, Pending>()
  /** Frames waiting for an open socket, in order. */
  let outbox: string[] = []
  let ws: WebSocket | null = null
  let opens = 0
  let stopped = true
  let retry: unknown = null
  let noticeTimer: unknown = null

  function setNotice(value: SocketNotice, clearAfterMs?: number) {
    if (noticeTimer !== null) timers.clearTimeout(noticeTimer)
    noticeTimer = null
    notice.value = value
    if (clearAfterMs !== undefined)
      noticeTimer = timers.setTimeout(() => {
        notice.value = null
      }, clearAfterMs)
  }

  function handle(text: unknown) {
    if (typeof text !== 'string') return
    let value: { type?: unknown; event?: unknown; id?: unknown; payload?: unknown; timestamp?: unknown }
    try {
      value = JSON.parse(text)
    } catch {
      deps.warn?.('socket: malformed frame')
      return
    }
    if (value.type === 'ack') {
      const entry = pending.get(String(value.id))
      if (!entry) return
      pending.delete(String(value.id))
      timers.clearTimeout(entry.timer)
      entry.resolve(value.payload as AckPayload)
      return
    }
    if (typeof value.type !== 'string' || typeof value.event !== 'string') return
    const timestamp = typeof value.timestamp === 'number' ? value.timestamp : Date.now()
    // The one place a frame becomes typed: the server sends each key with its payload of
    // protocol.ts (ServerPayloads); a key this client does not know falls to its switch's default.
    deps.onMessage({ key: `${value.type}/${value.event}`, payload: value.payload, timestamp } as Incoming)
  }

  function open() {
    if (stopped) return
    retry = null
    let socket: WebSocket
    try {
      socket = new deps.WebSocket(deps.url())
    } catch (err) {
      deps.warn?.('socket: cannot connect', err)
      schedule()
      return
    }
    ws = socket
    socket.onopen = () => {
      if (ws !== socket) return
      const reconnect = opens > 0
      opens++
      // Requests sent on the lost connection and never answered go again, same id; then the held-back
      // ones. Before `connected` turns true: whatever its listeners send then goes once, after these.
      const queued = new Set(outbox)
      const frames = [...[...pending.values()].map((p) => p.frame).filter((f) => !queued.has(f)), ...outbox]
      outbox = []
      for (const frame of frames) socket.send(frame)
      connected.value = true
      if (reconnect) setNotice('reconnected', 2500)
      else setNotice(null)
      deps.onOpen?.(reconnect)
    }
    socket.onmessage = (event) => {
      if (ws === socket) handle(event.data)
    }
    socket.onclose = () => {
      if (ws !== socket) return
      ws = null
      const was = connected.value
      connected.value = false
      if (stopped) return
      if (was || opens > 0) setNotice('reconnecting')
      schedule()
    }
    socket.onerror = () => {
      // onclose follows and schedules the retry.
    }
  }

  function schedule() {
    if (stopped || retry !== null) return
    retry = timers.setTimeout(open, delay)
  }

  function frame(key: ClientEvent, payload: unknown, id?: string): string {
    const slash = key.indexOf('/')
    return JSON.stringify({
      type: key.slice(0, slash),
      event: key.slice(slash + 1),
      payload,
      timestamp: Date.now(),
      ...(id === undefined ? {} : { id }),
    })
  }

  function transmit(text: string) {
    if (ws && connected.value) ws.send(text)
    else {
      // Before the first open this is every page's start, not news; after a loss it is worth a line.
      if (opens > 0) deps.warn?.('socket: not connected, message held back')
      outbox.push(text)
    }
  }

  return {
    connected,
    notice,
    start() {
      if (!stopped) return
      stopped = false
      open()
    },
    stop() {
      stopped = true
      if (retry !== null) timers.clearTimeout(retry)
      retry = null
      const socket = ws
      ws = null
      connected.value = false
      socket?.close()
    },
    /** Fire and forget (held back while disconnected). */
    send<E extends ClientEvent>(key: E, payload: ClientPayload<E>): void {
      transmit(frame(key, payload))
    },
    /**
     * A message that wants an acknowledgement; resolves with its ack, whose data is E's of
     * protocol.ts (ClientAcks), never rejects.
     */
    request<E extends ClientEvent>(key: E, payload: ClientPayload<E>): Promise<AckOf<E>> {
      const id = newId()
      const text = frame(key, payload, id)
      return new Promise<AckOf<E>>((resolve) => {
        const timer = timers.setTimeout(() => {
          if (!pending.delete(id)) return
          outbox = outbox.filter((f) => f !== text)
          resolve({ success: false, error: { code: 'NETWORK', message: 'No answer from the server' } })
        }, ackTimeout)
        // The server answers E's id with E's ack (its handler's type is AckOf<E>).
        pending.set(id, { frame: text, resolve: (ack) => resolve(ack as AckOf<E>), timer })
        transmit(text)
      })
    },
  }
}

export type Socket = ReturnType<typeof createSocket>

/** ws(s)://host/ws?token=… for a page at `origin`. */
export function socketUrl(origin: string, token: string): string {
  const url = new URL('/ws', origin)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  url.searchParams.set('token', token)
  return url.toString()
}
