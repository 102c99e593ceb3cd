import { afterAll, beforeAll } from 'bun:test'

/** A stand-in for the browser's WebSocket and a clock the test moves (not our code: the browser's). */
export class FakeSocket {
  static all: FakeSocket[] = []
  sent: string[] = []
  onopen: (() => void) | null = null
  onclose: (() => void) | null = null
  onmessage: ((e: { data: string }) => void) | null = null
  onerror: (() => void) | null = null
  constructor(readonly url: string) {
    FakeSocket.all.push(this)
  }
  send(text: string) {
    this.sent.push(text)
  }
  close() {
    this.onclose?.()
  }
  open() {
    this.onopen?.()
  }
  receive(value: unknown) {
    this.onmessage?.({ data: JSON.stringify(value) })
  }
}

export function timers() {
  let now = 0
  let next = 1
  const due = new Map<number, { at: number; fn: () => void }>()
  return {
    setTimeout: (fn: () => void, ms: number) => {
      const id = next++
      due.set(id, { at: now + ms, fn })
      return id
    },
    clearTimeout: (id: unknown) => void due.delete(id as number),
    advance(ms: number) {
      now += ms
      for (const [id, t] of [...due].sort((a, b) => a[1].at - b[1].at)) {
        if (t.at <= now) {
          due.delete(id)
          t.fn()
        }
      }
    },
  }
}

/**
 * Islands of the file's tests open their sockets on FakeSocket (the session reads the global).
 * What it replaces is read when the file starts, not when it is imported (then it can be another
 * file's), and put back only if FakeSocket is still there: happy-dom's own unregistering may have
 * restored Bun's WebSocket first, and putting happy-dom's class back over it left every later
 * suite of the worker with sockets that never open.
 */
export function withFakeWebSocket(): void {
  let replaced: typeof WebSocket | undefined
  beforeAll(() => {
    replaced = globalThis.WebSocket
    globalThis.WebSocket = FakeSocket as unknown as typeof WebSocket
  })
  afterAll(() => {
    if (replaced && globalThis.WebSocket === (FakeSocket as unknown as typeof WebSocket))
      globalThis.WebSocket = replaced
  })
}
