/**
 * The game page mounted in happy-dom for a test: the real island, session, store and views; the
 * server's answers from the test host (the move list, starting a game) and a fake socket.
 */
import { act } from 'react'
import type { GameView, HistoryEvent, PlayedMove } from '../../engine/index.ts'
import type { Profile } from '../../src/users/profile.ts'
import type { SoundName, SoundPlayer } from '../../web/sound/sounds.ts'
import './dom.ts'
import { FakeSocket } from './fake-socket.ts'
import { type Call, pageProps, settle, testHost } from './host.ts'

const { createRoot } = await import('react-dom/client')
const { createIsland, IslandContext } = await import('../../web/shell/context.ts')
const { createSession } = await import('../../web/session/store.ts')
const { createGameStore } = await import('../../web/game/store.ts')
const { GamePage } = await import('../../web/game/views/GamePage.tsx')

const ok = (data: unknown) => ({ status: 200, body: { success: true, data } })

export interface MountOptions {
  uid?: string
  moves?: PlayedMove[]
  level?: number
}

export type Mounted = Awaited<ReturnType<typeof mountGame>>

/** Mounts game g1 as seen by `uid` (default u1); `unmount` undoes everything. */
export async function mountGame(game: GameView, options: MountOptions = {}) {
  const uid = options.uid ?? 'u1'
  const calls: Call[] = []
  const t = testHost(
    (call) => {
      calls.push(call)
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
  island.session.profile.value = { level: options.level ?? 1, intercomSlots: ['👍'] } as Profile
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
    FakeSocket.all[0].sent.map((f) => JSON.parse(f) as { type: string; event: string; payload: unknown })
  return { store, island, calls, played, arrive, sent, unmount }
}
