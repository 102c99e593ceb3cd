import { batch, signal } from '@preact/signals-react'
import { applyPatch, type GameView, type HistoryEvent } from '../../engine/index.ts'
import type { Lang } from '../../shared/i18n.ts'
import { localePath } from '../../shared/paths.ts'
import type { InitData } from '../../src/init/service.ts'
import type { LobbyCounts, PresenceMap, ServerPayloads } from '../../src/realtime/protocol.ts'
import type { Profile } from '../../src/users/profile.ts'
import { type Api, call } from '../api/client.ts'
import type { AuthStore } from '../auth/store.ts'
import { clientLog } from '../observability/client-log.ts'
import { createServerClock } from '../realtime/clock.ts'
import { createSocket, type Incoming, socketUrl } from '../realtime/socket.ts'
import type { Host } from '../shell/host.ts'

export type Restriction = 'gameSlots' | 'coins'
export type SessionStatus = 'idle' | 'loading' | 'ready' | 'failed'
export type ShopItem = InitData['shop']['items'][number]
export type Features = InitData['features']

export interface SessionDeps {
  api: Api
  auth: AuthStore
  host: Host
  lang: Lang
  /** The unprefixed path of the page (for where a created game's navigation goes). */
  path: string
  WebSocket?: new (url: string) => WebSocket
}

export type GameListener = (game: GameView, events: HistoryEvent[]) => void

/**
 * The signed-in user's live state on one page: /api/init (profile, games, lobby, shop), the socket
 * and what it pushes. One per island; nothing starts until `start()` (browser only).
 */
export function createSession(deps: SessionDeps) {
  const { api, auth, host, lang } = deps
  const status = signal<SessionStatus>('idle')
  const profile = signal<Profile | null>(null)
  const games = signal<ReadonlyMap<string, GameView>>(new Map())
  const presence = signal<PresenceMap>({})
  const lobby = signal<LobbyCounts | null>(null)
  const shopItems = signal<ShopItem[]>([])
  const startParams = signal<InitData['startParams']>({})
  // Until /api/init says otherwise, nothing that needs Telegram is offered.
  const features = signal<Features>({ telegramBot: false, payments: false })
  const restriction = signal<Restriction | null>(null)
  /** SPEC.md §8 'Failed to fetch games': the list could not be read (the view offers a retry). */
  const gamesFailed = signal(false)
  const clock = createServerClock()
  const listeners = new Map<string, Set<GameListener>>()
  /** Screens that hear a server message the session itself does not keep (e.g. game/rematch). */
  const messageListeners = new Set<(message: Incoming) => void>()
  let navigatingTo: string | null = null

  const socket = createSocket({
    url: () => socketUrl(host.origin, auth.token.value),
    WebSocket: deps.WebSocket ?? globalThis.WebSocket,
    onMessage: receive,
    onOpen: (reconnect) => {
      // A new connection counts as present: one opened while the app is hidden says it is away.
      if (host.visibility?.hidden()) socket.send('user/presenceOffline', {})
      if (reconnect) void catchUp()
    },
    warn: (message) => clientLog.warn(message),
  })

  function upsert(game: GameView, events: HistoryEvent[] = []) {
    const next = new Map(games.value)
    next.set(game.id, game)
    games.value = next
    for (const fn of listeners.get(game.id) ?? []) fn(game, events)
  }

  async function fetchGame(id: string): Promise<GameView | null> {
    const got = await call(() => api.api.games({ id }).get())
    if (!got.ok || got.data?.id !== id) return null
    upsert(got.data)
    return got.data
  }

  /** After a reconnect: whole games for every one that moved on while we were away. */
  async function catchUp() {
    const known = [...games.value.values()].map((g) => ({ id: g.id, ts: g.ts }))
    if (known.length === 0) return
    const got = await call(() => api.api.games.updates.post({ games: known, lang }))
    if (got.ok) for (const game of got.data.games) upsert(game)
  }

  function goToGame(id: string) {
    const target = localePath(lang, `/game/${id}`)
    if (navigatingTo === target || deps.path === `/game/${id}`) return
    navigatingTo = target
    // SPEC.md §2: from a game or tutor page the new game replaces the entry.
    if (deps.path.startsWith('/game/') || deps.path === '/tutor') host.replace(target)
    else host.navigate(target)
  }

  function onGameEvents(payload: ServerPayloads['game/events']) {
    const current = games.value.get(payload.gameId)
    if (current && payload.ts <= current.ts) return
    if (!current || payload.ts !== current.ts + 1) {
      // A gap (or a game we do not hold yet): the whole game is the safe answer; events still count.
      void fetchGame(payload.gameId).then((game) => {
        if (game) for (const fn of listeners.get(game.id) ?? []) fn(game, payload.events)
      })
      return
    }
    upsert(applyPatch(current, payload.changes), payload.events)
  }

  function receive(message: Incoming) {
    clock.observe(message.timestamp)
    for (const fn of messageListeners) fn(message)
    switch (message.key) {
      case 'game/created': {
        const { game, presence: seen } = message.payload
        presence.value = { ...presence.value, ...seen }
        upsert(game)
        goToGame(game.id)
        break
      }
      case 'game/events':
        onGameEvents(message.payload)
        break
      case 'game/finish':
        upsert(message.payload.game)
        break
      case 'user/update': {
        const { data } = message.payload
        const current = profile.value
        // SPEC.md §4: an update in another language than ours is not for this page.
        if (!current || (data.lang && data.lang !== current.lang)) break
        profile.value = { ...current, ...data, isOnline: true }
        break
      }
      case 'presence/update':
        presence.value = { ...presence.value, ...message.payload }
        break
      case 'lobby/pvpMonitor':
        lobby.value = message.payload.counts
        break
      case 'system/token_refresh':
        auth.refresh(message.payload.token)
        break
      case 'system/signout':
        auth.signOut()
        host.navigate(localePath(lang, '/signin'))
        break
      case 'system/no_coins_enough':
        restriction.value = 'coins'
        break
      case 'system/no_game_slots':
        restriction.value = 'gameSlots'
        break
      default:
        break
    }
  }

  /**
   * The user's games as the server lists them, and any game the page already holds that they leave
   * out (the one a game page was rendered with, watched as an observer), whichever copy is newer.
   */
  function withHeld(listed: GameView[]): Map<string, GameView> {
    const next = new Map(listed.map((g) => [g.id, g]))
    for (const [id, held] of games.value) {
      const got = next.get(id)
      if (!got || got.ts < held.ts) next.set(id, held)
    }
    return next
  }

  async function init(): Promise<boolean> {
    status.value = 'loading'
    const initData = host.launch?.initData
    const got = await call(() =>
      api.api.init.post(undefined, initData ? { headers: { 'x-telegram-init-data': initData } } : undefined),
    )
    if (!got.ok) {
      if (got.code === 'UNAUTHORIZED') {
        // SPEC.md §4: a 401 signs out and reloads (the server then sends the visitor to /signin, or
        // shows an open page as to any visitor). Only a session that was there is dropped so: the
        // 401 of a visitor (Telegram launch data no longer accepted) would come back after every
        // reload, for ever. host.reload is guarded besides (once per path per 10 s).
        const hadSession = auth.isAuthenticated.value
        auth.signOut()
        if (hadSession) host.reload()
      } else gamesFailed.value = true
      status.value = 'failed'
      return false
    }
    const data = got.data
    batch(() => {
      auth.signIn(data.auth)
      profile.value = data.profile
      games.value = withHeld(data.games)
      presence.value = data.presence
      lobby.value = data.lobby.counts
      shopItems.value = data.shop.items
      startParams.value = data.startParams
      features.value = data.features
      gamesFailed.value = false
      status.value = 'ready'
    })
    return true
  }

  /** GET /api/games: the list afresh (a failure sets gamesFailed). */
  async function refreshGames(): Promise<boolean> {
    const got = await call(() => api.api.games.get())
    if (!got.ok) {
      gamesFailed.value = true
      return false
    }
    batch(() => {
      games.value = new Map(got.data.games.map((g) => [g.id, g]))
      gamesFailed.value = false
    })
    return true
  }

  /** SPEC.md §2/§4: 'user/presenceOffline' while the app is hidden, 'user/presenceResume' when back. */
  function reportPresence(hidden: boolean) {
    if (socket.connected.value) socket.send(hidden ? 'user/presenceOffline' : 'user/presenceResume', {})
  }

  let started = false
  let stopVisibility: (() => void) | null = null
  function connect() {
    socket.start()
    stopVisibility ??= host.visibility?.onChange(reportPresence) ?? null
  }
  return {
    status,
    profile,
    games,
    presence,
    lobby,
    shopItems,
    startParams,
    features,
    restriction,
    gamesFailed,
    clock,
    socket,
    /** Signs in from cookie or init data, then connects. Idempotent. */
    async start(): Promise<boolean> {
      if (started) return status.value === 'ready'
      started = true
      const ok = await init()
      if (ok) connect()
      return ok
    },
    stop() {
      stopVisibility?.()
      stopVisibility = null
      socket.stop()
    },
    /**
     * After 'Failed to fetch games': a session that never started tries /api/init again (and then
     * connects); a started one reads the list again.
     */
    async retry(): Promise<boolean> {
      if (status.value === 'loading') return false
      if (status.value === 'ready') return refreshGames()
      const ok = await init()
      if (ok) connect()
      return ok
    },
    fetchGame,
    upsert,
    goToGame,
    /** Hears every change of one game (patch applied or whole game fetched), with its history events. */
    listen(gameId: string, fn: GameListener): () => void {
      const set = listeners.get(gameId) ?? new Set<GameListener>()
      set.add(fn)
      listeners.set(gameId, set)
      return () => set.delete(fn)
    },
    /** Hears every server message as it arrives. */
    onMessage(fn: (message: Incoming) => void): () => void {
      messageListeners.add(fn)
      return () => messageListeners.delete(fn)
    },
    clearRestriction() {
      restriction.value = null
    },
  }
}

export type Session = ReturnType<typeof createSession>
