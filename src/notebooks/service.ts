/**
 * The per-game, per-player notebook (RULES §6, SPEC.md §5): words a player keeps aside. The list
 * shown leaves out words already played in the game; without PRO it holds NOTEBOOK.freeLimit of
 * those, with PRO any number. Adding a word already there changes nothing.
 */
import { ALPHABETS, type GameView } from '../../engine/index.ts'
import type { Core } from '../core.ts'
import { limitsOf } from '../economy/tiers.ts'
import { accept, type Outcome, type Refusal, refuse } from '../refusal.ts'
import { findNotebook, lockNotebook, saveNotebook } from './repo.ts'

export interface NotebookDeps {
  core: Core
  /** The committed view of a game, or null. */
  view(gameId: string): Promise<GameView | null>
}

export function createNotebookService({ core, view }: NotebookDeps) {
  const { db, clock } = core

  async function gameOf(uid: string, gameId: string): Promise<Outcome<GameView>> {
    const game = await view(gameId)
    if (!game) return refuse('GAME_NOT_FOUND', 'Game not found')
    if (!game.opponents.includes(uid))
      return refuse('FORBIDDEN', 'Only the players of this game have a notebook here')
    return accept(game)
  }

  /**
   * One change on the locked list: `change` answers the new list, null to leave it as it is, or a
   * refusal (nothing written).
   */
  const edit = (gameId: string, uid: string, change: (words: string[]) => string[] | null | Refusal) =>
    db.transaction(async (tx): Promise<Outcome<string[]>> => {
      const now = clock()
      const words = await lockNotebook(tx, gameId, uid, now)
      const next = change(words)
      if (next && !Array.isArray(next)) return next
      if (next) await saveNotebook(tx, gameId, uid, next, now)
      return accept(next ?? words)
    })

  const shown = (game: GameView, words: string[]) => {
    const used = new Set(game.wordsUsed)
    return words.filter((w) => !used.has(w))
  }

  function normalise(game: GameView, raw: string): Outcome<string> {
    const alphabet = ALPHABETS[game.lang]
    const word = alphabet.fold(raw.trim().toLowerCase())
    const letters = [...word]
    if (letters.length < 2 || letters.length > 32 || !letters.every((l) => alphabet.letters.includes(l)))
      return refuse('BAD_REQUEST', `A notebook word is 2-32 letters of the game's alphabet (${game.lang})`)
    return accept(word)
  }

  /** The list as the player sees it (words already played left out), or the refusal. */
  const shownOf = (game: GameView, edited: Outcome<string[]>): Outcome<string[]> =>
    edited.ok ? accept(shown(game, edited.value)) : edited

  return {
    async list(uid: string, gameId: string): Promise<Outcome<string[]>> {
      const found = await gameOf(uid, gameId)
      if (!found.ok) return found
      return accept(shown(found.value, await findNotebook(db, gameId, uid)))
    },

    async add(uid: string, gameId: string, raw: string): Promise<Outcome<string[]>> {
      const found = await gameOf(uid, gameId)
      if (!found.ok) return found
      const game = found.value
      const word = normalise(game, raw)
      if (!word.ok) return word
      const user = await core.users.get(uid)
      const limit = user ? limitsOf(user.subscription, clock()).notebook : 0
      const edited = await edit(gameId, uid, (words) => {
        if (words.includes(word.value)) return null
        if (limit !== null && shown(game, words).length >= limit)
          return refuse('NOTEBOOK_LIMIT', `The notebook holds ${limit} words without PRO`)
        return [...words, word.value]
      })
      return shownOf(game, edited)
    },

    async remove(uid: string, gameId: string, raw: string): Promise<Outcome<string[]>> {
      const found = await gameOf(uid, gameId)
      if (!found.ok) return found
      const game = found.value
      const word = ALPHABETS[game.lang].fold(raw.trim().toLowerCase())
      const edited = await edit(gameId, uid, (words) =>
        words.includes(word) ? words.filter((w) => w !== word) : null,
      )
      return shownOf(game, edited)
    },
  }
}

export type NotebookService = ReturnType<typeof createNotebookService>
