/**
 * The tutorial (RULES §9): a game against the robot mentor on the fixed board of the player's
 * language. It is a game like any other for the room (same queue, commits, timers), made a
 * tutorial by its variant: the mentor's scripted moves, its lessons as intercom events, no
 * settlement, and the reward (COINS.tutorial coins and XP.tutorial xp) once, on the first win.
 */
import {
  COINS,
  createGame,
  type Game,
  type Lang,
  levelForXp,
  MENTOR_ID,
  mentorEvents,
  mentorMove,
  type PlayerUser,
  TUTORIAL_OPTIONS,
  TUTORIAL_SIDES,
  TUTORIAL_SLIDES,
  tutorialBoard,
  tutorialPassed,
  XP,
  xpForTutorial,
} from '../../engine/index.ts'
import type { Core } from '../core.ts'
import type { Executor } from '../db/client.ts'
import { newId } from '../db/ids.ts'
import type { Dictionaries } from '../dictionaries/store.ts'
import { creditCoins } from '../economy/coins.ts'
import { moveSourceFor } from '../games/computer.ts'
import { findOpenGameOf, type StoredGame } from '../games/repo.ts'
import type { GamesService } from '../games/service.ts'
import type { GameVariant } from '../games/variant.ts'
import { accept, type Outcome, refuse } from '../refusal.ts'
import { createStarter, playerOf } from '../rooms/start.ts'
import { lockTutorialState, markTutorialPassed, tutorialStateOf } from './repo.ts'

/** The mentor's pseudo-user: a computer's kind of id, so presence, settlement and announcements treat it as one. */
export const MENTOR: PlayerUser = { id: MENTOR_ID, name: 'Mentor', avatar: null }

export interface TutorialStatus {
  passed: boolean
  passedAt: number | null
  /** The reward still waits for the first win. */
  rewardAvailable: boolean
  isTutorialAvailable: boolean
  reward: { coins: number; xp: number }
  /** The player's tutorial game still in play, if any. */
  gameId: string | null
  slides: typeof TUTORIAL_SLIDES
}

export function createTutorialService(core: Core, games: GamesService, dictionaries: Dictionaries) {
  const { db, hub, clock } = core
  const log = core.log.child({ component: 'tutorial' })
  const starter = createStarter(core, games, dictionaries)

  /** The first win pays once: the passed mark is checked under a row lock, the coins by the ledger key. */
  async function reward(tx: Executor, game: Game, now: number): Promise<(() => void) | undefined> {
    if (!tutorialPassed(game)) return undefined
    const uid = game.opponents[TUTORIAL_SIDES.player]
    const state = await lockTutorialState(tx, uid)
    if (!state || state.tutorialPassedAt !== null) return undefined
    const paid = await creditCoins(tx, {
      userId: uid,
      amount: COINS.tutorial,
      reason: 'tutorial',
      reference: 'tutorial',
      now,
    })
    const xp = state.xp + xpForTutorial()
    const level = levelForXp(xp)
    await markTutorialPassed(tx, uid, { xp, level }, now)
    log.info('tutorial passed', { uid, gameId: game.id, coins: paid.ok })
    return () =>
      hub.sendToUser(uid, 'user/update', {
        data: { xp, level, isTutorialAvailable: false, ...(paid.ok ? { coins: paid.balance } : {}) },
      })
  }

  function variantFor(lang: Lang): GameVariant {
    const dict = dictionaries.get(lang, TUTORIAL_OPTIONS.dictType)
    if (!dict) throw new Error(`no ${lang} dictionary for the tutorial`)
    const source = moveSourceFor(dict)
    return {
      computer: { side: TUTORIAL_SIDES.mentor, level: 'veryEasy' },
      settle: false,
      events: (prev, next, events) => mentorEvents(prev, next, events),
      computerMove: (game, side) => mentorMove(game, lang, source(game, side)),
      onClosed: reward,
    }
  }

  return {
    async status(uid: string): Promise<TutorialStatus> {
      const state = await tutorialStateOf(db, uid)
      const open = await findOpenGameOf(db, uid, { opponent: MENTOR.id })
      const passedAt = state?.tutorialPassedAt ?? null
      return {
        passed: passedAt !== null,
        passedAt,
        rewardAvailable: passedAt === null,
        isTutorialAvailable: state?.isTutorialAvailable ?? false,
        reward: { coins: COINS.tutorial, xp: XP.tutorial },
        gameId: open?.id ?? null,
        slides: TUTORIAL_SLIDES,
      }
    },

    /**
     * Starts a tutorial game in `lang` (default: the player's language): free, no slot needed, one
     * at a time (the one in play is answered again). Replays are welcome; only the first win pays.
     */
    async start(uid: string, lang?: Lang): Promise<Outcome<{ gameId: string; resumed: boolean }>> {
      const resumed = await starter.resumeOpen(uid, { opponent: MENTOR.id })
      if (resumed) return accept(resumed)
      const found = await starter.userOf(uid)
      if (!found.ok) return found
      const user = found.value
      const language = lang ?? user.lang
      if (!dictionaries.get(language, TUTORIAL_OPTIONS.dictType))
        return refuse('BAD_REQUEST', `The tutorial in ${language} is not available on this server`)
      const now = clock()
      const game = createGame({
        id: newId(now),
        mode: 'pve',
        lang: language,
        options: TUTORIAL_OPTIONS,
        users: [playerOf(user), MENTOR],
        board: tutorialBoard(language),
        now,
      })
      // The mentor is always ready: the lesson starts when the player is.
      game.ready[TUTORIAL_SIDES.mentor] = true
      const created = await games.create({ game, payers: [], variant: variantFor(language) })
      if (!created.ok) return starter.refused(created)
      await starter.announce(game.id)
      return accept({ gameId: game.id, resumed: false })
    },

    /** The variant of a stored game against the mentor (games.addVariant). */
    resolveVariant(stored: StoredGame): GameVariant | null {
      return stored.game.opponents.includes(MENTOR.id) ? variantFor(stored.game.lang) : null
    },
  }
}

export type TutorialService = ReturnType<typeof createTutorialService>
