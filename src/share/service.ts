/**
 * Share cards of finished games: the PNG of card.ts, made once per game version and language and
 * kept in a small cache (a card is asked for by every chat that unfurls the link). Live games
 * have no card: it would show the board to someone the game is not over for.
 */
import { type GameView, LANGS, type Lang } from '../../engine/index.ts'
import type { GamesService } from '../games/service.ts'
import { accept, type Outcome, refuse } from '../refusal.ts'
import { cardSvg } from './card.ts'
import { svgToPng } from './render.ts'

const CACHE_SIZE = 64

const isLang = (value: string): value is Lang => (LANGS as readonly string[]).includes(value)

export function createShareService(games: GamesService) {
  const cache = new Map<string, Uint8Array<ArrayBuffer>>()

  async function finishedGame(id: string): Promise<Outcome<GameView>> {
    const game = await games.view(id)
    if (!game) return refuse('GAME_NOT_FOUND', 'Game not found')
    if (game.state !== 'over') return refuse('GAME_NOT_OVER', 'A game has a share card once it is over')
    return accept(game)
  }

  return {
    finishedGame,
    async png(id: string, requested: string | undefined): Promise<Outcome<Uint8Array<ArrayBuffer>>> {
      const found = await finishedGame(id)
      if (!found.ok) return found
      const game = found.value
      const lang: Lang = requested && isLang(requested) ? requested : game.lang
      const key = `${id}:${game.ts}:${lang}`
      let png = cache.get(key)
      if (!png) {
        png = svgToPng(cardSvg(game, lang))
        if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string)
        cache.set(key, png)
      }
      return accept(png)
    },
  }
}

export type ShareService = ReturnType<typeof createShareService>
