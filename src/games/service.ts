/**
 * Games in play: the registry of live games (loaded lazily, evicted when finished and idle), game
 * creation with its coin and slot checks, the reads of the REST API, and recovery at start.
 */
import {
  type AiLevel,
  COINS,
  type Game,
  type GameView,
  isComputer,
  type Lang,
  movesOfEvents,
  type PlayedMove,
  toView,
} from '../../engine/index.ts'
import type { Dictionary } from '../../engine/server.ts'
import type { Core } from '../core.ts'
import type { Dictionaries } from '../dictionaries/store.ts'
import { spendCoins } from '../economy/coins.ts'
import { lockWallet } from '../economy/repo.ts'
import { gameSlotsCapacity } from '../economy/tiers.ts'
import { every } from '../util/timers.ts'
import { createCommitBatcher } from './commit-batch.ts'
import type { DelayRange } from './computer.ts'
import { serverRng } from './dice.ts'
import { LiveGame } from './live-game.ts'
import type { GameOwnership, RemoteGame } from './ownership.ts'
import {
  countOpenGames,
  countOpenGamesOf,
  dueGames,
  fillMissingWakeAt,
  findGame,
  findGamesByIds,
  historyEventsOf,
  insertGame,
  listGamesOf,
  type StoredGame,
} from './repo.ts'
import type { GameVariant, VariantResolver } from './variant.ts'

/**
 * Live games untouched this long leave memory: finished ones (finish signals and skips come late), and
 * unfinished ones with nothing due within WAKE_HORIZON_MS (an abandoned classic game). Any action
 * loads it again; the wake sweep loads those with a deadline coming up.
 */
const EVICT_AFTER_MS = 10 * 60_000
const SWEEP_EVERY_MS = 60_000
/**
 * Games due within this are kept or put in memory, their timers armed. Longer than the wake
 * sweep's period, so that a game is always loaded before its deadline and its timer fires on time.
 */
export const WAKE_HORIZON_MS = 5 * 60_000
const WAKE_EVERY_MS = 60_000
/** Rows read per query of the wake sweep (it reads page after page). */
const WAKE_PAGE = 500
/** Finished games listed by GET /api/games and /api/init, besides every unfinished one. */
const FINISHED_LISTED = 20
const STOP_WAIT_MS = 5_000

export interface GamesOptions {
  dictionaries: Dictionaries
  computerDelay: DelayRange
  /** Group commits written at the same time (commit-batch.ts): 1 on PGlite, a few on Postgres. */
  commitWriters?: number
  /** Several processes on one deployment (src/cluster/): a game is loaded only by its lease holder. */
  ownership?: GameOwnership
}

export type StartRefusal = { code: 'NO_COINS_ENOUGH' | 'NO_GAME_SLOTS'; uid: string }

class StartRefused extends Error {
  constructor(readonly refusal: StartRefusal) {
    super(refusal.code)
  }
}

export interface NewGameSpec {
  game: Game
  computerLevel?: AiLevel | null
  /** Humans who pay `coins` to start and must have a free game slot. */
  payers: string[]
  /** What each payer pays; default COINS.perGame, 0 for free games (the slot is still needed). */
  coins?: number
  /** The daily challenge the game is an attempt at. */
  dailyId?: string | null
  variant?: GameVariant | null
}

export function createGamesService(core: Core, options: GamesOptions) {
  const { db, hub, clock } = core
  const log = core.log.child({ component: 'games' })
  const loaded = new Map<string, LiveGame>()
  const loading = new Map<string, Promise<LiveGame | null>>()
  const resolvers: VariantResolver[] = []
  const closedListeners: ((game: Game) => void)[] = []
  const commits = createCommitBatcher(db, log, { writers: options.commitWriters })

  async function variantOf(stored: StoredGame): Promise<GameVariant | null> {
    for (const resolve of resolvers) {
      const variant = await resolve(stored)
      if (variant) return variant
    }
    return null
  }

  const dictionaryOf = (game: Pick<Game, 'lang' | 'options'>): Dictionary => {
    const dict = options.dictionaries.get(game.lang, game.options.dictType)
    if (!dict) throw new Error(`no ${game.lang}/${game.options.dictType} dictionary for a game`)
    return dict
  }

  const open = (stored: StoredGame, variant: GameVariant | null): LiveGame => {
    const existing = loaded.get(stored.game.id)
    if (existing) return existing
    const deps = {
      db,
      hub,
      clock,
      schedule: core.schedule,
      log: log.child({ gameId: stored.game.id }),
      dict: dictionaryOf(stored.game),
      computerDelay: options.computerDelay,
      rng: serverRng,
      commits,
      onClosed: (game: Game) => {
        for (const listener of closedListeners) listener(game)
      },
    }
    const game = new LiveGame(stored, deps, variant)
    loaded.set(game.id, game)
    game.start()
    return game
  }

  /** The live game of a game, loading it from the database on first use; null for an unknown id. */
  function loadHere(id: string): Promise<LiveGame | null> {
    const live = loaded.get(id)
    if (live) return Promise.resolve(live)
    let pending = loading.get(id)
    if (!pending) {
      pending = (async () => {
        let stored = await findGame(db, id)
        if (stored && options.ownership) {
          // Another process plays it: not ours to load (locate() answers a stand-in instead).
          if ((await options.ownership.claim(id)) !== null) return null
          // Read again under the lease: the previous owner may have committed since.
          stored = await findGame(db, id)
        }
        return stored ? open(stored, await variantOf(stored)) : null
      })()
      loading.set(id, pending)
      pending.finally(() => loading.delete(id)).catch(() => {})
    }
    return pending
  }

  /**
   * The game wherever it is played: its live game here, or (several processes) a stand-in that forwards
   * to the owner; null for an unknown id.
   */
  async function locate(id: string): Promise<LiveGame | RemoteGame | null> {
    const local = await loadHere(id)
    if (local || !options.ownership) return local
    const stored = await findGame(db, id)
    if (!stored) return null
    const owner = await options.ownership.claim(id)
    return owner === null ? loadHere(id) : options.ownership.remote(stored, owner)
  }

  /** Drops idle live games from memory; answers how many went. */
  function evictIdle(): number {
    const now = clock()
    const evicted: string[] = []
    for (const [id, r] of loaded)
      if (r.idleFor(EVICT_AFTER_MS, now, now + WAKE_HORIZON_MS)) {
        r.stop()
        loaded.delete(id)
        evicted.push(id)
      }
    options.ownership
      ?.release(evicted, false)
      .catch((err) => log.error('releasing evicted games failed', { err }))
    return evicted.length
  }

  /**
   * Loads the games due within the horizon that are not in memory (each arms its timer);
   * answers the live games, already loaded ones included.
   */
  async function wakeDue(): Promise<LiveGame[]> {
    const before = clock() + WAKE_HORIZON_MS
    const woken: LiveGame[] = []
    let page = await dueGames(db, before, WAKE_PAGE)
    while (page.length > 0) {
      for (const { id } of page) {
        try {
          const r = await loadHere(id)
          if (r) woken.push(r)
        } catch (err) {
          log.error('loading a due game failed', { gameId: id, err })
        }
      }
      page = page.length < WAKE_PAGE ? [] : await dueGames(db, before, WAKE_PAGE, page.at(-1))
    }
    return woken
  }

  const sweep = every(core.schedule, SWEEP_EVERY_MS, log, 'evicting idle games', evictIdle)
  const wakeups = every(core.schedule, WAKE_EVERY_MS, log, 'loading due games', wakeDue)

  return {
    /** The live game (or, with several processes, the stand-in of a game played elsewhere). */
    live: locate,
    /** The live game of a game played here, loading it if this process may; null otherwise. */
    ownLive: loadHere,
    /** Ids of the games in memory here. */
    loadedIds: () => [...loaded.keys()],
    /** Forgets a game without a commit (its lease went to another process). */
    drop(id: string): void {
      loaded.get(id)?.stop()
      loaded.delete(id)
    },
    /** Live games in memory (tests and metrics). */
    loadedGames: () => loaded.size,
    isLoaded: (id: string) => loaded.has(id),
    dictionaryOf,
    /** Called after a game closes and is committed (reviews); a throw is logged by the live game. */
    onGameClosed(listener: (game: Game) => void): void {
      closedListeners.push(listener)
    },
    /** A feature's kind of game (dailies, tutorial): consulted whenever a stored game is loaded. */
    addVariant(resolver: VariantResolver): void {
      resolvers.push(resolver)
    },

    /**
     * Stores a new game, taking each payer's coin and checking their slots in the same
     * transaction, then opens its live game. Announcing it (`game/created`) is the caller's.
     */
    async create(spec: NewGameSpec): Promise<{ ok: true; live: LiveGame } | ({ ok: false } & StartRefusal)> {
      const { game } = spec
      dictionaryOf(game)
      const now = clock()
      const price = spec.coins ?? COINS.perGame
      const meta = { computerLevel: spec.computerLevel ?? null, dailyId: spec.dailyId ?? null }
      try {
        await db.transaction(async (tx) => {
          // Each payer's row is locked before their games are counted, so that starts racing on
          // Postgres queue here and each counts the games the others stored; in id order, so two
          // games of the same two players cannot deadlock.
          const wallets = new Map<string, Awaited<ReturnType<typeof lockWallet>>>()
          for (const uid of [...spec.payers].sort()) wallets.set(uid, await lockWallet(tx, uid))
          for (const uid of spec.payers) {
            const user = wallets.get(uid)
            if (!user) throw new Error(`payer ${uid} does not exist`)
            const capacity = gameSlotsCapacity(user.gameSlots, user.subscription, now)
            if ((await countOpenGamesOf(tx, uid)) >= capacity)
              throw new StartRefused({ code: 'NO_GAME_SLOTS', uid })
            if (price === 0) continue
            const paid = await spendCoins(tx, {
              userId: uid,
              amount: price,
              reason: 'game',
              reference: game.id,
              now,
            })
            if (!paid.ok && paid.reason === 'insufficient')
              throw new StartRefused({ code: 'NO_COINS_ENOUGH', uid })
            if (!paid.ok) throw new Error(`charging ${uid} for game ${game.id} failed: ${paid.reason}`)
          }
          await insertGame(tx, game, meta)
        })
      } catch (err) {
        // Thrown, not returned, so that an earlier payer's coin goes back with the rollback.
        if (err instanceof StartRefused) return { ok: false, ...err.refusal }
        throw err
      }
      // A new game's lease is free: the process that made it plays it. The game is stored and
      // paid for already: a failed claim is logged, never a failed start (the commit's version
      // check keeps a second player of it from committing twice).
      await options.ownership
        ?.claim(game.id)
        .catch((err) => log.error('claiming a new game failed', { gameId: game.id, err }))
      return { ok: true, live: open({ game, ...meta }, spec.variant ?? null) }
    },

    /** The committed view of any game (spectating is open), or null. */
    async view(id: string): Promise<GameView | null> {
      const live = loaded.get(id)
      if (live) return live.view
      const stored = await findGame(db, id)
      return stored ? toView(stored.game) : null
    },

    /** The moves played in a game (turns and forfeits, oldest first), or null for an unknown id. */
    async moves(id: string): Promise<PlayedMove[] | null> {
      const rows = await historyEventsOf(db, id)
      if (rows.length === 0 && !loaded.has(id) && !(await findGame(db, id))) return null
      return rows.flatMap((row) => movesOfEvents(row.ts, row.events))
    },

    /** The user's unfinished games and the latest finished ones, newest first. */
    async listFor(uid: string, _lang?: Lang): Promise<GameView[]> {
      const games = await listGamesOf(db, uid, FINISHED_LISTED)
      return games.map((g) => loaded.get(g.id)?.view ?? toView(g))
    },

    /** Whole games for those of `refs` whose version moved past the one the client has. */
    async updates(refs: { id: string; ts: number }[]): Promise<GameView[]> {
      const known = new Map(refs.map((r) => [r.id, r.ts]))
      const games = await findGamesByIds(db, [...known.keys()])
      return games
        .map((g) => loaded.get(g.id)?.view ?? toView(g))
        .filter((g) => g.ts > (known.get(g.id) ?? Number.POSITIVE_INFINITY))
    },

    /** Presence of a game's opponents; the computer is always there. */
    presenceOf(game: Pick<GameView, 'opponents'>) {
      const out = hub.presenceOf(game.opponents.filter((uid) => !isComputer(uid)))
      for (const uid of game.opponents) if (isComputer(uid)) out[uid] = 1
      return out
    },

    /**
     * At start: loads the unfinished games due within the horizon (not the idle ones: they stay on
     * disk until an action or their deadline comes), applies what came due while the server was
     * down (each step at its own due time), and arms their timers. Rows from before wake_at get
     * theirs first.
     */
    async recover(): Promise<number> {
      while ((await fillMissingWakeAt(db, WAKE_PAGE)) > 0) {}
      const due = await wakeDue()
      for (const r of due) {
        try {
          await r.tick()
        } catch (err) {
          log.error('recovering a game failed', { gameId: r.id, err })
        }
      }
      const inPlay = [...loaded.values()].filter((r) => !r.closed).length
      log.info('games recovered', { count: due.length, idleOnDisk: (await countOpenGames(db)) - inPlay })
      return due.length
    },

    /** Loads due games now (the periodic wake sweep; tests with a moved clock call it). */
    wakeDue,
    /** Drops idle live games now (the periodic sweep; tests with a moved clock call it). */
    evictIdle,

    /** No new timers; actions already queued finish (up to a few seconds) before the database closes. */
    async stop(): Promise<void> {
      wakeups()
      sweep()
      const all = [...loaded.values()]
      for (const r of all) r.stop()
      await Promise.race([Promise.all(all.map((r) => r.drain())), Bun.sleep(STOP_WAIT_MS)])
      const ids = [...loaded.keys()]
      loaded.clear()
      // Several processes: the others take these games over at once instead of after the lease.
      await options.ownership
        ?.release(ids, true)
        .catch((err) => log.error('handing games over failed', { err }))
    },
  }
}

export type GamesService = ReturnType<typeof createGamesService>
