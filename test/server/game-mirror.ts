/**
 * A client's copy of one game, kept the way PROTOCOL.md says a client keeps it: start from a
 * fetched view, apply every `game/events` patch in `ts` order. It fails loudly on a gap or a repeat.
 */
import { applyPatch, type GameView, type HistoryEvent, type Patch, TIMING } from '../../engine/index.ts'
import type { TestClock } from './harness.ts'
import type { Received, TestSocket } from './ws-client.ts'

export interface EventsPayload {
  gameId: string
  ts: number
  changes: Patch
  events: HistoryEvent[]
}

export class GameMirror {
  view: GameView
  /** Every event of every applied version, in order. */
  readonly events: { ts: number; event: HistoryEvent }[] = []
  private applied = 0

  constructor(
    private readonly socket: TestSocket,
    start: GameView,
  ) {
    this.view = structuredClone(start)
  }

  private pending(): EventsPayload[] {
    return this.socket.received
      .filter((m) => m.type === 'game' && m.event === 'events')
      .map((m) => m.payload as EventsPayload)
      .filter((p) => p.gameId === this.view.id)
  }

  /** Applies what arrived since the last call; each patch must be exactly the next version. */
  sync(): void {
    const all = this.pending()
    for (; this.applied < all.length; this.applied++) {
      const p = all[this.applied]
      if (p.ts <= this.view.ts) continue // already in the fetched view
      if (p.ts !== this.view.ts + 1) throw new Error(`version gap: have ${this.view.ts}, got ${p.ts}`)
      this.view = applyPatch(this.view, p.changes)
      if (this.view.ts !== p.ts) throw new Error(`patch of ${p.ts} left the view at ts ${this.view.ts}`)
      for (const event of p.events) this.events.push({ ts: p.ts, event })
    }
  }

  /** Waits until the view satisfies `until` (checked after every applied version). */
  async waitUntil(until: (view: GameView) => boolean, ms = 10_000, what = 'condition'): Promise<GameView> {
    const deadline = Date.now() + ms
    for (;;) {
      this.sync()
      if (until(this.view)) return this.view
      if (Date.now() > deadline)
        throw new Error(
          `game ${this.view.id}: no ${what} within ${ms} ms (ts ${this.view.ts}, ${this.view.state})`,
        )
      await Bun.sleep(5)
    }
  }

  waitTs(ts: number, ms?: number): Promise<GameView> {
    return this.waitUntil((v) => v.ts >= ts, ms, `ts ${ts}`)
  }

  eventsOf(type: HistoryEvent['type']): { ts: number; event: HistoryEvent }[] {
    this.sync()
    return this.events.filter((e) => e.event.type === type)
  }
}

/**
 * After both ready: the game counts down on the server's timer. The countdown passes on the clock
 * (the timer fires) instead of being waited out; answers the started game.
 */
export async function passCountdown(clock: Pick<TestClock, 'elapse'>, mirror: GameMirror): Promise<GameView> {
  const counting = await mirror.waitUntil((v) => v.state !== 'new', 8000, 'the countdown')
  if (counting.state === 'countingDown') clock.elapse(TIMING.countdownMs)
  return mirror.waitUntil((v) => v.state === 'active', 8000, 'start')
}

export const isGameMessage = (key: string) => (m: Received) => `${m.type}/${m.event}` === key
