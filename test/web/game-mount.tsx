/**
 * The game page mounted in happy-dom for a test: the real island, session, store and views; the
 * server's answers from the test host (the move list, starting a game) and a fake socket.
 */
import { afterEach } from 'bun:test'
import { act } from 'react'
import type { GameView, HistoryEvent, PlayedMove, Side } from '../../engine/index.ts'
import type { Profile } from '../../src/users/profile.ts'
import type { SoundName, SoundPlayer } from '../../web/sound/sounds.ts'
import './dom.ts'
import { FakeSocket } from './fake-socket.ts'
import { type Call, okReply as ok, pageProps, type Reply, settle, testHost } from './host.ts'

const { createRoot } = await import('react-dom/client')
const { createIsland, IslandContext } = await import('../../web/shell/context.ts')
const { createSession } = await import('../../web/session/store.ts')
const { createGameStore } = await import('../../web/game/store.ts')
const { GamePage } = await import('../../web/game/views/GamePage.tsx')
// The views the game page loads when first shown (web/ui/later.tsx), already fetched, as a browser
// holds them once seen: a test's first tap then waits for rendering, not for a module to compile.
await Promise.all(
  ['ResultBanner', 'ProInvite', 'HintDialog', 'Notebook', 'ReportWord'].map(
    (view) => import(`../../web/game/views/${view}.tsx`),
  ),
)
await import('../../web/review/views/ReviewPanel.tsx')
await import('../../web/definitions/DefinitionSheet.tsx')
await import('../../web/shop/ShopGate.tsx')
await import('../../web/progress/views/BadgeToasts.tsx')

export interface MountOptions {
  uid?: string
  moves?: PlayedMove[]
  level?: number
  /** The profile beyond level and reactions (a subscription, coins…). */
  profile?: Partial<Profile>
  /** Answers for other REST calls (review, danger, definitions…); undefined falls through. */
  reply?: (call: Call) => ReturnType<Reply> | undefined
  /** The page's local storage (null: none). */
  storage?: Storage | null
}

export type Mounted = Awaited<ReturnType<typeof mountGame>>

/** Mounts game g1 as seen by `uid` (default u1); `unmount` undoes everything. */
export async function mountGame(game: GameView, options: MountOptions = {}) {
  const uid = options.uid ?? 'u1'
  const calls: Call[] = []
  const t = testHost(
    (call) => {
      calls.push(call)
      const scripted = options.reply?.(call)
      if (scripted) return scripted
      if (call.path === '/api/games/g1/moves') return ok({ moves: options.moves ?? [] })
      if (call.path === '/api/waiting-rooms') return ok({ room: { roomId: 'g2', gameId: 'g2', code: null } })
      return { status: 404, body: { success: false, error: { code: 'NOT_FOUND', message: '' } } }
    },
    { cookies: `auth=${encodeURIComponent(JSON.stringify({ token: 'tok', uid }))}` },
  )
  const island = createIsland(pageProps({ path: '/game/g1', params: { id: 'g1' }, access: 'open' }), t.host)
  FakeSocket.all = []
  island.session = createSession({
    api: island.api,
    auth: island.auth,
    host: t.host,
    lang: 'en',
    path: '/game/g1',
    WebSocket: FakeSocket as unknown as new (url: string) => WebSocket,
  })
  island.session.upsert(game)
  island.session.profile.value = {
    level: options.level ?? 1,
    intercomSlots: ['👍'],
    ...options.profile,
  } as Profile
  island.session.socket.start()
  FakeSocket.all[0].open()
  const played: SoundName[] = []
  const sounds: SoundPlayer = { play: (name) => void played.push(name), count: 0 }
  const store = createGameStore({
    gameId: 'g1',
    session: island.session,
    api: island.api,
    uid: () => island.auth.uid.value,
    lang: 'en',
    t: island.t,
    notices: island.notices,
    sounds,
    storage: options.storage ?? null,
  })
  const stop = store.start()
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  await act(async () => {
    root.render(
      <IslandContext.Provider value={island}>
        <GamePage store={store} />
      </IslandContext.Provider>,
    )
    await settle()
  })
  const unmount = () => {
    stop()
    act(() => root.unmount())
    island.session.stop()
    document.body.innerHTML = ''
  }
  /** A new version of the game arrives with its events, as the socket would bring it. */
  const arrive = async (next: GameView, events: HistoryEvent[]) => {
    await act(async () => {
      island.session.upsert(next, events)
      await settle()
    })
  }
  const sent = () =>
    FakeSocket.all[0].sent.map(
      (f) => JSON.parse(f) as { type: string; event: string; payload: unknown; id?: string },
    )
  /** The payloads of the game messages of `event` the page sent, oldest first. */
  const sentPayloads = (event: string) =>
    sent()
      .filter((m) => m.event === event)
      .map((m) => m.payload)
  const answered = new Set<string>()
  /** Answers the oldest unanswered request of `key` (e.g. 'game/hint') with this ack payload. */
  const ack = async (key: string, payload: { success: boolean; data?: unknown; error?: unknown }) => {
    const [type, event] = key.split('/')
    const request = sent().find((m) => m.type === type && m.event === event && m.id && !answered.has(m.id))
    if (!request?.id) throw new Error(`no unanswered ${key} request`)
    answered.add(request.id)
    await act(async () => {
      FakeSocket.all[0].receive({ type: 'ack', id: request.id, payload })
      await settle()
    })
    return request.payload
  }
  return { store, island, calls, played, arrive, sent, sentPayloads, ack, unmount, host: t.host }
}

/** Mounts games for a test file and unmounts the last one after each test. */
export function gameMounter() {
  let cleanup: (() => void) | null = null
  afterEach(() => {
    cleanup?.()
    cleanup = null
  })
  return {
    async mount(game: GameView, options: MountOptions = {}): Promise<Mounted> {
      cleanup?.()
      const mounted = await mountGame(game, options)
      cleanup = mounted.unmount
      return mounted
    },
  }
}

export const $ = (sel: string) => document.querySelector(sel) as HTMLElement | null
export const text = (sel: string) => $(sel)?.textContent ?? null
export const cell = (id: number) => $(`[data-cell="${id}"]`) as HTMLElement

/** Ids of the cells that carry a class, in the order they are laid out. */
export const cellsWith = (name: string) =>
  [...document.querySelectorAll(`.${name}`)].map((el) => Number((el as HTMLElement).dataset.cell))

/** A tap on a cell, as a pointer gives it. */
export async function tap(id: number) {
  await act(async () => {
    const target = cell(id)
    target.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerId: 1 }))
    target.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerId: 1 }))
  })
}

/** A click on an element (or the first matching a selector), then the work it sets off. */
export async function click(target: string | Element | null | undefined) {
  await act(async () => {
    ;((typeof target === 'string' ? $(target) : target) as HTMLElement | null)?.click()
    await settle()
  })
}

/** A word of the move list. */
export const playedTurn = (
  ts: number,
  side: Side,
  word: string,
  cellIds: number[],
  score: number,
): PlayedMove => ({
  kind: 'turn',
  ts,
  side,
  word,
  cellIds,
  score,
  scoreReached: score,
})
