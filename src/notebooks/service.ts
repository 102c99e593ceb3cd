/**
 * The per-game, per-player notebook (RULES §6, SPEC.md §5): words a player keeps aside. The list
 * shown leaves out words already played in the game; without PRO it holds NOTEBOOK.freeLimit of
 * those, with PRO any number. Adding a word already there changes nothing.
 */
import { ALPHABETS, type GameView } from '../../engine/index.ts'
import type { Core } from '../core.ts'
import { limitsOf } from '../economy/tiers.ts'
import { ApiError, badRequest, forbidden } from '../http/envelope.ts'
import { findNotebook, saveNotebook } from './repo.ts'

export interface NotebookDeps {
  core: Core
  /** The committed view of a game, or null. */
  view(gameId: string): Promise<GameView | null>
}

const gameNotFound = () => new ApiError(404, 'GAME_NOT_FOUND', 'Game not found')

export function createNotebookService({ core, view }: NotebookDeps) {
  const { db, clock } = core

  async function gameOf(uid: string, gameId: string): Promise<GameView> {
    const game = await view(gameId)
    if (!game) throw gameNotFound()
    if (!game.opponents.includes(uid)) throw forbidden('Only the players of this game have a notebook here')
    return game
  }

  const shown = (game: GameView, words: string[]) => {
    const used = new Set(game.wordsUsed)
    return words.filter((w) => !used.has(w))
  }

  function normalise(game: GameView, raw: string): string {
    const alphabet = ALPHABETS[game.lang]
    const word = alphabet.fold(raw.trim().toLowerCase())
    const letters = [...word]
    if (letters.length < 2 || letters.length > 32 || !letters.every((l) => alphabet.letters.includes(l)))
      throw badRequest(`A notebook word is 2-32 letters of the game's alphabet (${game.lang})`)
    return word
  }

  return {
    async list(uid: string, gameId: string): Promise<string[]> {
      const game = await gameOf(uid, gameId)
      return shown(game, await findNotebook(db, gameId, uid))
    },

    async add(uid: string, gameId: string, raw: string): Promise<string[]> {
      const game = await gameOf(uid, gameId)
      const word = normalise(game, raw)
      const words = await findNotebook(db, gameId, uid)
      if (words.includes(word)) return shown(game, words)
      const user = await core.users.get(uid)
      const limit = user ? limitsOf(user.subscription, clock()).notebook : 0
      if (limit !== null && shown(game, words).length >= limit)
        throw new ApiError(403, 'NOTEBOOK_LIMIT', `The notebook holds ${limit} words without PRO`)
      const next = [...words, word]
      await saveNotebook(db, gameId, uid, next, clock())
      return shown(game, next)
    },

    async remove(uid: string, gameId: string, raw: string): Promise<string[]> {
      const game = await gameOf(uid, gameId)
      const word = ALPHABETS[game.lang].fold(raw.trim().toLowerCase())
      const words = await findNotebook(db, gameId, uid)
      if (!words.includes(word)) return shown(game, words)
      const next = words.filter((w) => w !== word)
      await saveNotebook(db, gameId, uid, next, clock())
      return shown(game, next)
    },
  }
}

export type NotebookService = ReturnType<typeof createNotebookService>
