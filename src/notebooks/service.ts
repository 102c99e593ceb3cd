/**
 * The per-game, per-player notebook (RULES §6, SPEC.md §5): words a player keeps aside. The list
 * shown leaves out words already played in the game; without PRO it holds NOTEBOOK.freeLimit of
 * those, with PRO any number. Adding a word already there changes nothing.
 */
import { ALPHABETS, type GameView } from '../../engine/index.ts'
import type { Core } from '../core.ts'
import { limitsOf } from '../economy/tiers.ts'
import { ApiError, badRequest, forbidden } from '../http/envelope.ts'
import { findNotebook, lockNotebook, saveNotebook } from './repo.ts'

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

  /** One change on the locked list: `change` answers the new list, or null to leave it as it is. */
  const edit = (gameId: string, uid: string, change: (words: string[]) => string[] | null) =>
    db.transaction(async (tx) => {
      const now = clock()
      const words = await lockNotebook(tx, gameId, uid, now)
      const next = change(words)
      if (next) await saveNotebook(tx, gameId, uid, next, now)
      return next ?? words
    })

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
      const user = await core.users.get(uid)
      const limit = user ? limitsOf(user.subscription, clock()).notebook : 0
      return edit(gameId, uid, (words) => {
        if (words.includes(word)) return null
        if (limit !== null && shown(game, words).length >= limit)
          throw new ApiError(403, 'NOTEBOOK_LIMIT', `The notebook holds ${limit} words without PRO`)
        return [...words, word]
      }).then((words) => shown(game, words))
    },

    async remove(uid: string, gameId: string, raw: string): Promise<string[]> {
      const game = await gameOf(uid, gameId)
      const word = ALPHABETS[game.lang].fold(raw.trim().toLowerCase())
      return edit(gameId, uid, (words) =>
        words.includes(word) ? words.filter((w) => w !== word) : null,
      ).then((words) => shown(game, words))
    },
  }
}

export type NotebookService = ReturnType<typeof createNotebookService>
