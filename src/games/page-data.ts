import type { PageData } from '../../shared/page-props.ts'
import type { Clock } from '../clock.ts'
import type { HeadRequest } from '../pages/index.ts'
import type { GamesService } from './service.ts'

/** Longer ids are no game's (the REST route's limit): no lookup for them. */
const MAX_ID_LENGTH = 64

/**
 * A game page's data: the game's view, open to anyone like GET /api/games/{id}, so the page comes
 * with its board in the HTML (null: no such game, the page says so at once), and the moment it
 * was rendered, so its clocks hydrate as the server drew them.
 */
export function gamePageData(games: Pick<GamesService, 'view'>, clock: Clock) {
  return async (req: HeadRequest): Promise<PageData | null> => {
    const id = req.params.id
    if (req.island !== 'Game' || !id || id.length > MAX_ID_LENGTH) return null
    return { game: await games.view(id), serverNow: clock() }
  }
}
