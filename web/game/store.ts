import { computed, effect, signal } from '@preact/signals-react'
import {
  type BoosterId,
  type BoosterUse,
  countdownLeftMs,
  type GameView,
  type HintGrade,
  type HistoryEvent,
  isComputer,
  lessonOfMessage,
  limitsOf,
  liveTimeleft,
  type Side,
  TIMING,
  takeWinEligible,
} from '../../engine/index.ts'
import { errorMessage, type Lang, type Translate } from '../../shared/i18n.ts'
import type { AckPayload } from '../../src/realtime/protocol.ts'
import type { Api } from '../api/client.ts'
import { createDefinitions } from '../definitions/store.ts'
import type { Notices } from '../notices/store.ts'
import { createBadgeToasts } from '../progress/badge-toasts.ts'
import { createReview } from '../review/store.ts'
import type { Session } from '../session/store.ts'
import type { Host } from '../shell/host.ts'
import { restrictionOf } from '../shop/restriction.ts'
import type { SoundPlayer } from '../sound/sounds.ts'
import { attackedBaseCells } from './attack.ts'
import { createDanger } from './danger.ts'
import { boosterRefusal, cellRefusal, hintRefusal, type Reason, turnRefusal } from './explain.ts'
import { cheapestPrice, createHints } from './hints.ts'
import { createLessons } from './lessons.ts'
import { createMoves } from './moves.ts'
import { bottomSideOf, territoryOf } from './orientation.ts'
import { createRematch } from './rematch.ts'
import { createWordReport } from './report.ts'
import * as rules from './selection.ts'
import { sameTurnClock, type TurnClock, turnClockOf } from './turn-clock.ts'

export interface GameStoreDeps {
  gameId: string
  session: Session
  api: Api
  uid: () => string
  lang: Lang
  t: Translate
  notices: Notices
  sounds: SoundPlayer
  /** Haptics and the like (Telegram); optional. */
  feedback?: (kind: 'selection' | 'accept' | 'reject') => void
  /** Where the hint being bought is remembered across a reload (the browser's local storage). */
  storage?: Host['storage']
  /** The moment the clocks show until the store starts (the server's, when it rendered the page). */
  now?: number
  /** The server found no such game when it rendered the page: the page says so at once. */
  missing?: boolean
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

/** Why the last tap did nothing, for a few seconds (the cell it was on, to shake it). */
export interface Tip extends Reason {
  id: number
  cellId: number | null
}

const TIP_MS = 3500

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
  const bottom = computed(() => bottomSideOf(side.value))
  const path = signal<number[]>([])
  const pending = signal<PendingBooster | null>(null)
  /** A booster picked, waiting for its target cell (and, for mutation, a letter). */
  const choosing = signal<{ boosterId: BoosterId; cellId: number | null } | null>(null)
  const reactions = signal<Reaction[]>([])
  /** Badges earned in this game, announced as toasts (SPEC.md §3). */
  const badges = createBadgeToasts(() => sounds.play('unhidden'))
  const busy = signal(false)
  const wordExists = signal<boolean | null>(null)
  const loadFailed = signal(deps.missing === true)
  const tip = signal<Tip | null>(null)
  /** The robot mentor's lessons (tutorial games). */
  const lessons = createLessons({ t: deps.t })
  const moves = createMoves({ api: deps.api, gameId })
  const rematch = createRematch({ session, api: deps.api, lang: deps.lang, gameId, game })
  const now = signal(deps.now ?? session.clock.now())
  /** The signed-in player has PRO now (SPEC.md §6). */
  const pro = () => {
    const subscription = session.profile.value?.subscription
    return subscription !== undefined && limitsOf(subscription, now.value).pro
  }
  const hints = createHints({ session, gameId, game, side, storage: deps.storage ?? null })
  const danger = createDanger({
    api: deps.api,
    gameId,
    game,
    side,
    pro,
    announce: (what) => say({ key: `insight.danger.${what}` }),
  })
  const review = createReview({ api: deps.api, gameId })
  const definitions = createDefinitions({ api: deps.api })
  const report = createWordReport({ api: deps.api, gameId })
  /** The result lies folded under the board (to study the final position or a reviewed turn). */
  const resultFolded = signal(false)

  const board = computed(() => {
    const g = game.value
    return g ? rules.effectiveBoard(g, side.value, pending.value?.use ?? null) : null
  })
  // The clocks show whole seconds (rounded up) while `now` ticks four times a second: each of these
  // keeps its previous value until what it shows changes, so the views render once a second.
  let shownTurn: TurnClock | null = null
  const turnClock = computed(() => {
    const next = game.value ? turnClockOf(game.value, now.value) : null
    if (next) next.left = Math.ceil(next.left)
    if (!sameTurnClock(next, shownTurn)) shownTurn = next
    return shownTurn
  })
  /** The player's own blitz turn has run out here; the server's forfeit is on its way. */
  const timeUp = computed(() => turnClock.value?.up === true && turnClock.value.side === side.value)
  const myTurn = computed(() => {
    const g = game.value
    return g !== null && rules.canPlay(g, side.value) && !timeUp.value
  })
  const preview = computed(() => {
    const b = board.value
    const s = side.value
    return b && s !== null ? rules.preview(b, s, path.value) : { word: '', points: 0 }
  })
  let shownClocks: [number, number] = [0, 0]
  const clocks = computed<[number, number]>(() => {
    const g = game.value
    const next: [number, number] = g
      ? [Math.ceil(liveTimeleft(g, 0, now.value)), Math.ceil(liveTimeleft(g, 1, now.value))]
      : [0, 0]
    if (next[0] !== shownClocks[0] || next[1] !== shownClocks[1]) shownClocks = next
    return shownClocks
  })
  const territory = computed(() => (game.value ? territoryOf(game.value.board) : null))
  const countdown = computed(() => (game.value ? countdownLeftMs(game.value, now.value) : 0))
  const canTakeWin = computed(() => {
    const g = game.value
    const s = side.value
    return g !== null && s !== null && takeWinEligible(g, s, now.value)
  })
  /** The cells the hint of this turn shows (its word's, in id order until the word is bought). */
  const hintCells = computed(() => hints.shown.value?.cellIds ?? [])
  /** SPEC.md §4 base under attack: the cells of each side's base row that are under attack. */
  const attacked = computed<[number[], number[]]>(() => {
    const g = game.value
    // A warning for play: once the game is over the result says what happened.
    if (g?.state !== 'active') return [[], []]
    return [attackedBaseCells(g.board, 0), attackedBaseCells(g.board, 1)]
  })
  /** The last word played, for its path on the board. */
  const lastTurn = computed(() => moves.list.value.findLast((m) => m.kind === 'turn') ?? null)

  let tipId = 0
  let tipTimer: ReturnType<typeof setTimeout> | null = null
  /** Shows a tip over the board for a few seconds (a refusal also sounds and buzzes). */
  function say(reason: Reason, cellId: number | null = null) {
    tip.value = { ...reason, id: ++tipId, cellId }
    if (tipTimer) clearTimeout(tipTimer)
    tipTimer = setTimeout(() => {
      tip.value = null
    }, TIP_MS)
  }
  function explain(reason: Reason, cellId: number | null = null) {
    say(reason, cellId)
    sounds.play('error')
    deps.feedback?.('reject')
  }

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
    // No coins or no free slot: the restriction alert with its way to the shop (SPEC.md §8).
    const restriction = restrictionOf(ack.error.code)
    if (restriction) session.restriction.value = restriction
    else notices.add('error', errorMessage(deps.lang, ack.error.code, game.value))
    sounds.play('error')
    deps.feedback?.('reject')
  }

  function onChange(g: GameView, events: HistoryEvent[]) {
    const mine = side.value
    moves.receive(g.ts, events)
    // The mentor speaks about what happened since the player's last word.
    if (events.some((e) => e.type === 'turn' && e.side === mine)) lessons.clear()
    const said = events.flatMap((e) => (e.type === 'intercom' ? [e.message] : []))
    if (lessons.take(said)) sounds.play('chat')
    for (const event of events) {
      if (event.type === 'turn') {
        pending.value = null
        if (event.side !== mine) {
          sounds.play('turnOpponent')
          path.value = []
        }
      } else if (event.type === 'skip') {
        if (event.side === mine) {
          sounds.play('timerAlarm')
          deps.feedback?.('reject')
        }
      } else if (event.type === 'intercom' && !lessonOfMessage(event.message) && event.from !== mine) {
        pushReaction(event.from, event.message)
      } else if (event.type === 'gameover' && mine !== null) {
        sounds.play(event.winner === mine ? 'win' : 'lose')
      } else if (event.type === 'badge' && event.side === mine) {
        badges.announce(event.badgeId, event.level)
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
    if (report.refused.value !== word) report.refused.value = null
    wordExists.value = null
    void session.socket
      .request('user/checkword', { lang: g.lang, word, dictType: g.options.dictType })
      .then((ack) => {
        if (checked === word && ack.success) wordExists.value = ack.data.exists
      })
  }

  function setPath(next: number[]) {
    if (next.length > path.value.length) {
      sounds.play('cellPress')
      deps.feedback?.('selection')
    }
    tip.value = null
    path.value = next
    checkWord(rules.preview(board.value!, side.value!, next).word)
  }

  async function act<A extends AckPayload>(run: () => Promise<A>): Promise<A> {
    busy.value = true
    try {
      const ack = await run()
      fail(ack)
      return ack
    } finally {
      busy.value = false
    }
  }

  /** The player's side when it is their turn to act; otherwise says why (every tap gets an answer). */
  function ready(cellId: number | null = null): Side | null {
    const g = game.value
    if (!g || !board.value) return null
    const refusal = turnRefusal(g, side.value, timeUp.value)
    if (refusal) {
      explain(refusal, cellId)
      return null
    }
    return side.value
  }

  return {
    game,
    side,
    isObserver,
    bottom,
    board,
    myTurn,
    timeUp,
    turnClock,
    territory,
    path,
    preview,
    pending,
    choosing,
    hintCells,
    hints,
    attacked,
    danger,
    review,
    definitions,
    report,
    resultFolded,
    reactions,
    badges,
    busy,
    wordExists,
    loadFailed,
    tip,
    lessons,
    moves,
    lastTurn,
    rematch,
    now,
    clocks,
    countdown,
    canTakeWin,
    explain,
    say,
    /** Whether the signed-in player has PRO now. */
    pro,
    /** Whether the player may act now; when not, the reason shows. */
    checkTurn: () => ready() !== null,

    /** Loads the game, says ready (players) or starts observing, and keeps the clocks ticking. */
    start(): () => void {
      const stopListening = session.listen(gameId, onChange)
      const stopRematch = rematch.listen()
      const stopDanger = danger.start()
      // The review exists once a game was played to its end (an expired one never started).
      const stopReview = effect(() => {
        if (game.value?.state === 'over') review.load()
      })
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
        moves.load(g.ts)
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
          if (ack.success) session.upsert(ack.data.game)
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
        const uids = (g?.opponents ?? []).filter((id) => id !== deps.uid() && !isComputer(id))
        const key = uids.join(',')
        if (!signedIn || uids.length === 0 || key === presenceFor) return
        presenceFor = key
        void session.socket.request('user/presenceSubscribe', { uids })
      })
      return () => {
        stopListening()
        stopRematch()
        stopDanger()
        stopReview()
        review.stop()
        stopReobserve()
        stopPresence()
        clearInterval(tick)
        if (poll) clearInterval(poll)
        if (tipTimer) clearTimeout(tipTimer)
      }
    },

    tap(cellId: number) {
      const s = ready(cellId)
      const b = board.value
      if (s === null || !b) return
      if (choosing.value) return this.chooseTarget(cellId)
      const next = rules.tap(b, s, path.value, cellId)
      if (next) return setPath(next)
      const why = cellRefusal(b, s, path.value, cellId)
      if (why) explain(why, cellId)
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
      if (next) setPath(next)
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
      tip.value = null
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
      if (!ack.success) {
        if (ack.error.code === 'WORD_DOES_NOT_EXIST') report.refused.value = preview.value.word
        return false
      }
      sounds.play('turnOwn')
      deps.feedback?.('accept')
      path.value = []
      pending.value = null
      checkWord('')
      return true
    },

    chooseBooster(boosterId: BoosterId) {
      const g = game.value
      const s = ready()
      if (!g || s === null) return
      const why = boosterRefusal(g, s, boosterId, null)
      if (why) return explain(why)
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
      const g = game.value
      const s = side.value
      if (!c || !g || s === null) return
      const why = boosterRefusal(g, s, c.boosterId, cellId)
      if (why) return explain(why, cellId)
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
      const why = boosterRefusal(g, s, use.boosterId, use.cellId)
      if (why) {
        explain(why, use.cellId)
        return false
      }
      const ack = await act(() => session.socket.request('game/booster', { gameId, ...use }))
      if (!ack.success) return false
      choosing.value = null
      pending.value = { use, cost: ack.data.cost }
      sounds.play('unhidden')
      return true
    },

    /** Why the hint cannot be had now (hints off, level, points), or null. */
    hintRefusal(): Reason | null {
      const g = game.value
      const s = side.value
      if (!g || s === null) return null
      const prices = hints.prices.value
      const cheapest = prices ? cheapestPrice(prices) : 0
      return hintRefusal(g, session.profile.value?.level ?? null, cheapest, g.players[s].score)
    },
    /** Buys one step of the hint (its price was shown and confirmed); the whole word is selected. */
    async buyHint(grade: HintGrade): Promise<boolean> {
      busy.value = true
      const ack = await hints.buy(grade).finally(() => {
        busy.value = false
      })
      if (ack.resumed) {
        // Started before a reload elsewhere: its own prices are shown now, nothing was paid.
        explain({ key: 'insight.hint.resumed' })
        return false
      }
      fail(ack)
      if (!ack.success) return false
      const shown = hints.shown.value
      if (shown?.grade === 'word') this.selectPath(shown.cellIds)
      sounds.play('unhide')
      return true
    },
    /** Puts a whole path on the board as the word being built (a hint's word, a notebook word). */
    selectPath(cellIds: number[]) {
      if (!myTurn.value || !board.value) return
      path.value = cellIds
      tip.value = null
      checkWord(rules.preview(board.value, side.value!, cellIds).word)
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
