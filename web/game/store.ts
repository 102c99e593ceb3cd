import { computed, effect, signal } from '@preact/signals-react'
import {
  type BoosterId,
  type BoosterUse,
  checkBoosterTarget,
  countdownLeftMs,
  type GameView,
  type HistoryEvent,
  hintCost,
  liveTimeleft,
  type Side,
  TIMING,
  takeWinEligible,
} from '../../engine/index.ts'
import type { AckPayload } from '../../src/realtime/protocol.ts'
import { errorMessage, type Lang, type Translate } from '../i18n.ts'
import type { Notices } from '../notices/store.ts'
import type { Session } from '../session/store.ts'
import type { SoundPlayer } from '../sound/sounds.ts'
import { createLessons } from './lessons.ts'
import * as rules from './selection.ts'

export interface GameStoreDeps {
  gameId: string
  session: Session
  uid: () => string
  lang: Lang
  t: Translate
  notices: Notices
  sounds: SoundPlayer
  /** How long each of the mentor's lessons shows before the next (default: the intercom time). */
  lessonMs?: number
  /** Haptics and the like (Telegram); optional. */
  feedback?: (kind: 'selection' | 'accept' | 'reject') => void
}

export interface Reaction {
  key: number
  from: Side
  message: string
}

export interface PendingBooster {
  use: BoosterUse
  cost: number
}

/** The game screen's state and actions. One per island. */
export function createGameStore(deps: GameStoreDeps) {
  const { session, gameId, notices, sounds } = deps
  const game = computed(() => session.games.value.get(gameId) ?? null)
  const side = computed<Side | null>(() => {
    const g = game.value
    if (!g) return null
    const at = g.opponents.indexOf(deps.uid())
    return at === 0 || at === 1 ? at : null
  })
  const isObserver = computed(() => game.value !== null && side.value === null)
  const path = signal<number[]>([])
  const pending = signal<PendingBooster | null>(null)
  /** A booster picked, waiting for its target cell (and, for mutation, a letter). */
  const choosing = signal<{ boosterId: BoosterId; cellId: number | null } | null>(null)
  const hintCells = signal<number[]>([])
  const reactions = signal<Reaction[]>([])
  const busy = signal(false)
  const wordExists = signal<boolean | null>(null)
  const loadFailed = signal(false)
  /** The robot mentor's lessons (tutorial games). */
  const lessons = createLessons({ t: deps.t, displayMs: deps.lessonMs })
  const now = signal(session.clock.now())

  const board = computed(() => {
    const g = game.value
    return g ? rules.effectiveBoard(g, side.value, pending.value?.use ?? null) : null
  })
  const myTurn = computed(() => {
    const g = game.value
    return g !== null && rules.canPlay(g, side.value)
  })
  const preview = computed(() => {
    const b = board.value
    const s = side.value
    return b && s !== null ? rules.preview(b, s, path.value) : { word: '', points: 0 }
  })
  const clocks = computed<[number, number]>(() => {
    const g = game.value
    return g ? [liveTimeleft(g, 0, now.value), liveTimeleft(g, 1, now.value)] : [0, 0]
  })
  const countdown = computed(() => (game.value ? countdownLeftMs(game.value, now.value) : 0))
  const canTakeWin = computed(() => {
    const g = game.value
    const s = side.value
    return g !== null && s !== null && takeWinEligible(g, s, now.value)
  })
  const nextHintCost = computed(() => {
    const g = game.value
    const s = side.value
    return g && s !== null ? hintCost(g.players[s]) : 0
  })

  let reactionKey = 0
  function pushReaction(from: Side, message: string) {
    const key = ++reactionKey
    reactions.value = [{ key, from, message }, ...reactions.value]
    sounds.play('intercom')
    setTimeout(() => {
      reactions.value = reactions.value.filter((r) => r.key !== key)
    }, TIMING.intercomDisplayMs)
  }

  function fail(ack: AckPayload) {
    if (ack.success) return
    notices.add('error', errorMessage(deps.lang, ack.error.code, game.value))
    sounds.play('error')
    deps.feedback?.('reject')
  }

  function onChange(g: GameView, events: HistoryEvent[]) {
    const mine = side.value
    for (const event of events) {
      if (event.type === 'turn') {
        pending.value = null
        hintCells.value = []
        if (event.side !== mine) {
          sounds.play('turnOpponent')
          path.value = []
        }
      } else if (event.type === 'intercom' && lessons.receive(event.message)) {
        sounds.play('chat')
      } else if (event.type === 'intercom' && event.from !== mine) {
        pushReaction(event.from, event.message)
      } else if (event.type === 'gameover' && mine !== null) {
        sounds.play(event.winner === mine ? 'win' : 'lose')
      } else if (event.type === 'start') {
        sounds.play('echoAffirm')
      }
    }
    if (!rules.canPlay(g, mine)) {
      path.value = []
      choosing.value = null
    }
  }

  // The word check (user/checkword) follows the path, one request per distinct word.
  let checked = ''
  function checkWord(word: string) {
    const g = game.value
    if (!g || word.length < 3) {
      wordExists.value = null
      checked = ''
      return
    }
    if (word === checked) return
    checked = word
    wordExists.value = null
    void session.socket
      .request('user/checkword', { lang: g.lang, word, dictType: g.options.dictType })
      .then((ack) => {
        if (checked === word && ack.success)
          wordExists.value = Boolean((ack.data as { exists?: boolean }).exists)
      })
  }

  function setPath(next: number[] | null) {
    if (next === null) return
    if (next.length > path.value.length) {
      sounds.play('cellPress')
      deps.feedback?.('selection')
    }
    path.value = next
    checkWord(rules.preview(board.value!, side.value!, next).word)
  }

  async function act(run: () => Promise<AckPayload>): Promise<AckPayload> {
    busy.value = true
    try {
      const ack = await run()
      fail(ack)
      return ack
    } finally {
      busy.value = false
    }
  }

  return {
    game,
    side,
    isObserver,
    board,
    myTurn,
    path,
    preview,
    pending,
    choosing,
    hintCells,
    reactions,
    busy,
    wordExists,
    loadFailed,
    lessons,
    now,
    clocks,
    countdown,
    canTakeWin,
    nextHintCost,

    /** Loads the game, says ready (players) or starts observing, and keeps the clocks ticking. */
    start(): () => void {
      const stopListening = session.listen(gameId, onChange)
      const tick = setInterval(() => {
        now.value = session.clock.now()
      }, 250)
      const signedIn = deps.uid() !== ''
      let poll: ReturnType<typeof setInterval> | null = null
      void (async () => {
        const g = game.value ?? (await session.fetchGame(gameId))
        if (!g) {
          loadFailed.value = true
          return
        }
        if (!signedIn) {
          // Without a token there is no socket: a visitor watches by polling.
          poll = setInterval(() => void session.fetchGame(gameId), 3000)
          return
        }
        if (side.value !== null) {
          if (!g.ready[side.value] && (g.state === 'new' || g.state === 'countingDown'))
            void session.socket.request('game/ready', { gameId })
        } else {
          const ack = await session.socket.request('game/observe', { gameId })
          if (ack.success) session.upsert((ack.data as { game: GameView }).game)
        }
      })()
      // After a reconnect the socket subscription of an observer is gone: observe again.
      const stopReobserve = effect(() => {
        if (session.socket.connected.value && isObserver.value)
          void session.socket.request('game/observe', { gameId })
      })
      // SPEC.md §4 presence: the players' online dots follow their connections, so this page
      // subscribes to them (once per connection; the server answers the current states at once).
      let presenceFor = ''
      const stopPresence = effect(() => {
        const g = game.value
        if (!session.socket.connected.value) {
          presenceFor = ''
          return
        }
        const uids = (g?.opponents ?? []).filter((id) => id !== deps.uid() && !id.startsWith('ai:'))
        const key = uids.join(',')
        if (!signedIn || uids.length === 0 || key === presenceFor) return
        presenceFor = key
        void session.socket.request('user/presenceSubscribe', { uids })
      })
      return () => {
        stopListening()
        stopReobserve()
        stopPresence()
        clearInterval(tick)
        if (poll) clearInterval(poll)
        lessons.stop()
      }
    },

    tap(cellId: number) {
      const b = board.value
      const s = side.value
      if (!b || !myTurn.value || s === null) return
      if (choosing.value) return this.chooseTarget(cellId)
      setPath(rules.tap(b, s, path.value, cellId))
    },
    dragStart(cellId: number): boolean {
      const b = board.value
      const s = side.value
      if (!b || !myTurn.value || s === null || choosing.value) return false
      const next = rules.dragStart(b, s, path.value, cellId)
      if (next === null) return false
      setPath(next)
      return true
    },
    dragEnter(cellId: number) {
      const b = board.value
      const s = side.value
      if (!b || !myTurn.value || s === null) return
      const next = rules.dragEnter(b, s, path.value, cellId)
      if (next.length !== path.value.length || next.some((id, i) => id !== path.value[i])) setPath(next)
    },
    typeLetter(letter: string): boolean {
      const b = board.value
      const s = side.value
      if (!b || !myTurn.value || s === null) return false
      const next = rules.typeLetter(b, s, path.value, letter)
      setPath(next)
      return next !== null
    },
    backspace() {
      if (path.value.length === 0) return
      sounds.play('delete')
      path.value = path.value.slice(0, -1)
      checkWord(rules.preview(board.value!, side.value!, path.value).word)
    },
    clear() {
      if (path.value.length) sounds.play('delete')
      path.value = []
      checkWord('')
    },

    async submit(): Promise<boolean> {
      const g = game.value
      if (!g || !myTurn.value || busy.value || path.value.length === 0) return false
      const cellIds = path.value
      const booster = pending.value?.use
      const ack = await act(() =>
        session.socket.request('game/turn', { gameId, cellIds, ...(booster ? { booster } : {}) }),
      )
      if (!ack.success) return false
      sounds.play('turnOwn')
      deps.feedback?.('accept')
      path.value = []
      pending.value = null
      hintCells.value = []
      checkWord('')
      return true
    },

    chooseBooster(boosterId: BoosterId) {
      if (!myTurn.value) return
      sounds.play('open')
      path.value = []
      choosing.value = { boosterId, cellId: null }
    },
    cancelBooster() {
      choosing.value = null
      pending.value = null
    },
    /** The target cell of the booster being chosen; mutation then waits for its letter. */
    chooseTarget(cellId: number) {
      const c = choosing.value
      if (!c) return
      if (c.boosterId === 'mutation') {
        choosing.value = { ...c, cellId }
        return
      }
      void this.applyBooster({ boosterId: c.boosterId, cellId })
    },
    async applyBooster(use: BoosterUse): Promise<boolean> {
      const g = game.value
      const s = side.value
      if (!g || s === null) return false
      const local = checkBoosterTarget(g, s, use)
      if (!local.ok) {
        fail({ success: false, error: { code: local.error, message: '' } })
        return false
      }
      const ack = await act(() => session.socket.request('game/booster', { gameId, ...use }))
      if (!ack.success) return false
      choosing.value = null
      pending.value = { use, cost: (ack.data as { cost: number }).cost }
      sounds.play('unhidden')
      return true
    },

    async hint(): Promise<boolean> {
      const cost = nextHintCost.value
      const ack = await act(() => session.socket.request('game/hint', { gameId, cost }))
      if (!ack.success) return false
      const cellIds = (ack.data as { cellIds: number[] }).cellIds
      hintCells.value = cellIds
      path.value = cellIds
      checkWord(rules.preview(board.value!, side.value!, cellIds).word)
      sounds.play('unhide')
      return true
    },

    async react(message: string) {
      const ack = await act(() => session.socket.request('game/intercom', { gameId, message }))
      if (ack.success && side.value !== null) pushReaction(side.value, message)
    },
    giveUp: () => act(() => session.socket.request('game/giveup', { gameId })),
    takeWin: () => act(() => session.socket.request('game/takeWin', { gameId })),
    finish: () => session.socket.request('game/finish', { gameId }),
    skipResult: () => act(() => session.socket.request('game/skipResult', { gameId })),
    leaveObserve: () => session.socket.request('game/leaveObserve', { gameId }),
  }
}

export type GameStore = ReturnType<typeof createGameStore>
