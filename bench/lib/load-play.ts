/**
 * Many friend games played flat out over real sockets (bench/load.ts, and the crash-under-load
 * test): two signed-in clients per game, one turn in flight per game, each next turn sent as soon as
 * the previous one's ack and patch are in. Every acknowledged turn is recorded (game, version,
 * word), so a crash test can check each one survived. A game that ends is replaced by a new one
 * between the same two players.
 */
import { applyPatch, type GameView, type Patch, type Side } from '../../engine/index.ts'
import {
  type Dictionary,
  dictionaryMoveSource,
  type MoveSource,
  moveValue,
  positionOf,
} from '../../engine/server.ts'
import { postData as post } from './http.ts'

export interface AckedTurn {
  gameId: string
  /** The version the turn made. */
  ts: number
  word: string
}

export interface LoadOptions {
  /** http://127.0.0.1:<port> */
  base: string
  games: number
  dict: Dictionary
  /** Nicknames are `<prefix> <n>`: two runs on one database need different prefixes. */
  prefix?: string
  /**
   * 0 (the default): flat out. N: a player thinks 0.5-1.5 × N ms before each turn, as people do,
   * so latency is measured at a pace the server keeps up with instead of at its capacity.
   */
  paceMs?: number
}

interface Client {
  token: string
  ws: WebSocket
}

interface Table {
  players: [Client, Client]
  gameId: string | null
  view: GameView | null
  /** Patches heard for the current game, by version. */
  patches: Map<number, Patch>
  /** The turn in flight: when it was sent, and its word. */
  inFlight: { id: string; sentAt: number; word: string; ts: number } | null
  acked: boolean
  busy: boolean
  /** Whether a game of this table has started: the load is on once every table has one. */
  started: boolean
  /** The version whose thinking time is over (paced play only). */
  thoughtAt: number
}

const RETRYABLE = new Set(['WORD_IS_ALREADY_USED'])

/** Runs `fn` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = []
  for (let i = 0; i < items.length; i += width)
    out.push(...(await Promise.all(items.slice(i, i + width).map(fn))))
  return out
}

export class LoadPlay {
  /** Milliseconds from sending a turn to its ack, of every acked turn while recording. */
  readonly ackMs: number[] = []
  readonly ackedTurns: AckedTurn[] = []
  refused = 0
  gamesStarted = 0
  recording = false
  /** No turns until every table's first game started: setting up 1,000 games beside a running load took long. */
  private holding = true
  private stopped = false
  private tables: Table[] = []
  private readonly byGame = new Map<string, Table>()
  private readonly source: MoveSource
  private nextId = 0

  constructor(private readonly options: LoadOptions) {
    this.source = dictionaryMoveSource(options.dict) as MoveSource
  }

  /** Signs in two players per game, connects their sockets and starts every game. */
  async setup(): Promise<void> {
    const { base, games, prefix = 'Load' } = this.options
    const wsBase = base.replace('http', 'ws')
    const users = await inBatches(
      Array.from({ length: games * 2 }, (_, i) => i),
      25,
      async (i): Promise<Client> => {
        const { auth } = await post<{ auth: { token: string } }>(base, '/api/auth/signin', null, {
          nickname: `${prefix} ${i}`,
        })
        const ws = new WebSocket(`${wsBase}/ws?token=${encodeURIComponent(auth.token)}`)
        await new Promise((resolve, reject) => {
          ws.addEventListener('open', resolve, { once: true })
          ws.addEventListener('error', () => reject(new Error('socket refused')), { once: true })
        })
        return { token: auth.token, ws }
      },
    )
    for (let g = 0; g < games; g++) {
      const table: Table = {
        players: [users[2 * g], users[2 * g + 1]],
        gameId: null,
        view: null,
        patches: new Map(),
        inFlight: null,
        acked: false,
        busy: false,
        started: false,
        thoughtAt: -1,
      }
      this.tables.push(table)
      for (const p of table.players) p.ws.addEventListener('message', (e) => this.onMessage(table, p, e))
    }
    await inBatches(this.tables, 25, (t) => this.newGame(t))
  }

  /**
   * Resolves once every table's first game has started (the countdown is 3 s); by then early
   * games may have ended and been replaced, so "all active at once" is not waited for.
   */
  async waitAllActive(ms = 120_000): Promise<void> {
    const deadline = Date.now() + ms
    while (this.tables.some((t) => !t.started)) {
      if (Date.now() > deadline) throw new Error('games did not start')
      await Bun.sleep(50)
    }
    this.holding = false
    for (const t of this.tables) this.advance(t)
  }

  /** Stops sending new turns; in-flight ones still get their acks recorded. */
  stop(): void {
    this.stopped = true
  }

  /** Turns in flight right now. */
  get inFlight(): number {
    return this.tables.filter((t) => t.inFlight).length
  }

  close(): void {
    this.stop()
    for (const t of this.tables) for (const p of t.players) p.ws.close()
  }

  private async newGame(table: Table): Promise<void> {
    const [a, b] = table.players
    const { base } = this.options
    const { room } = await post<{ room: { roomId: string } }>(base, '/api/waiting-rooms', a.token, {
      type: 'classic',
      mode: 'friend',
      lang: 'en',
    })
    const { gameId } = await post<{ gameId: string }>(base, '/api/waiting-rooms/join', b.token, {
      roomId: room.roomId,
    })
    table.gameId = gameId
    table.view = null
    table.patches = new Map()
    table.inFlight = null
    this.byGame.set(gameId, table)
    this.gamesStarted++
    const view = (await fetch(`${base}/api/games/${gameId}`).then((r) => r.json())).data as GameView
    if (table.gameId !== gameId) return
    table.view = view
    for (const p of table.players) this.send(p, 'game/ready', { gameId })
    this.advance(table)
  }

  private send(p: Client, key: string, payload: unknown): string {
    const id = `l${this.nextId++}`
    const [type, event] = key.split('/')
    p.ws.send(JSON.stringify({ type, event, payload, timestamp: Date.now(), id }))
    return id
  }

  private onMessage(table: Table, p: Client, e: MessageEvent): void {
    const m = JSON.parse(String(e.data))
    if (m.type === 'ack') {
      const f = table.inFlight
      if (!f || f.id !== m.id) return
      if (m.payload.success) {
        // A give-up (no word left) is not a turn: it is neither timed nor checked.
        if (f.word) {
          if (this.recording) this.ackMs.push(performance.now() - f.sentAt)
          this.ackedTurns.push({ gameId: table.gameId as string, ts: f.ts, word: f.word })
        }
        table.acked = true
      } else {
        this.refused++
        table.inFlight = null
        if (!RETRYABLE.has(m.payload.error?.code))
          throw new Error(`turn refused: ${JSON.stringify(m.payload)}`)
      }
      this.advance(table)
    } else if (m.type === 'game' && m.event === 'events' && p === table.players[0]) {
      if (m.payload.gameId !== table.gameId) return
      table.patches.set(m.payload.ts, m.payload.changes)
      this.advance(table)
    }
  }

  /** Applies the patches in order; sends the next turn once the last one is acked and applied. */
  private advance(table: Table): void {
    let view = table.view
    if (!view) return
    for (let next = table.patches.get(view.ts + 1); next; next = table.patches.get(view.ts + 1)) {
      table.patches.delete(view.ts + 1)
      view = applyPatch(view, next)
    }
    table.view = view
    if (table.inFlight) {
      if (!table.acked || view.ts < table.inFlight.ts) return
      table.inFlight = null
    }
    if (this.stopped || table.busy) return
    if (view.state === 'over' || view.state === 'expired') {
      table.busy = true
      this.newGame(table)
        // A start cut off by the end of the run (the server stopping) is not a finding.
        .catch((err) => {
          if (!this.stopped) console.error('starting a game failed', err)
        })
        .finally(() => {
          table.busy = false
        })
      return
    }
    if (view.state !== 'active') return
    table.started = true
    if (this.holding) return
    const pace = this.options.paceMs ?? 0
    if (pace > 0 && table.thoughtAt !== view.ts) {
      const ts = view.ts
      table.busy = true
      setTimeout(
        () => {
          table.busy = false
          table.thoughtAt = ts
          this.advance(table)
        },
        pace * (0.5 + Math.random()),
      )
      return
    }
    const side = view.turnAvailable as Side
    const move = this.pick(view, side)
    const gameId = table.gameId as string
    if (!move) {
      // Nothing left to play: give up and start afresh.
      table.inFlight = {
        id: this.send(table.players[side], 'game/giveup', { gameId }),
        sentAt: 0,
        word: '',
        ts: view.ts + 1,
      }
      table.acked = false
      return
    }
    table.acked = false
    table.inFlight = {
      id: this.send(table.players[side], 'game/turn', { gameId, cellIds: move.cellIds }),
      sentAt: performance.now(),
      word: move.word,
      ts: view.ts + 1,
    }
  }

  /** The least valuable new word: it takes the fewest cells, so games last long. */
  private pick(view: GameView, side: Side): { word: string; cellIds: number[] } | null {
    const used = new Set(view.wordsUsed)
    const pos = positionOf(view)
    let best: { word: string; cellIds: number[] } | null = null
    let bestValue = Number.POSITIVE_INFINITY
    for (const move of this.source(view, side)) {
      if (used.has(move.word)) continue
      const value = moveValue(pos, side, move)
      if (value < bestValue) {
        best = move
        bestValue = value
      }
    }
    return best && { word: best.word, cellIds: [...best.cellIds] }
  }
}

/**
 * Reads every game of these acked turns back from the server (after a crash and restart): a turn is
 * missing when its game is older than the turn's version or lacks its word.
 */
export async function missingTurns(base: string, turns: readonly AckedTurn[]): Promise<AckedTurn[]> {
  const ids = [...new Set(turns.map((t) => t.gameId))]
  const views = new Map<string, GameView | null>()
  await inBatches(ids, 25, async (id) => {
    const res = await fetch(`${base}/api/games/${id}`)
    views.set(id, res.ok ? ((await res.json()).data as GameView) : null)
  })
  return turns.filter((t) => {
    const view = views.get(t.gameId)
    return !view || view.ts < t.ts || !view.wordsUsed.includes(t.word)
  })
}
