import { GAME_TYPES, type GameView, LANGS, type Lang, TIME_MODES } from '../../engine/index.ts'
import type { AuthService } from '../auth/service.ts'
import type { StartParams } from '../auth/start-param.ts'
import type { Core } from '../core.ts'
import { type ShopItem, shopCatalogue } from '../economy/catalogue.ts'
import { isComputer } from '../games/computer-id.ts'
import { ApiError, unauthorized } from '../http/envelope.ts'
import type { LobbyCounts, LobbyTimeModeCounts, PresenceMap, ServerPayloads } from '../realtime/protocol.ts'
import { type Profile, toProfile } from '../users/profile.ts'
import type { User } from '../users/types.ts'

/**
 * What /api/init gathers from features that are not part of the core: the games feature supplies
 * `games`, the arena (src/rooms) `lobby`, through createApp's `init` dependency.
 */
export interface InitSources {
  /** The user's games as views (active and recent), in the user's language where it matters. */
  games(uid: string, lang: Lang): Promise<GameView[]>
  /** The waiting arena players, as `lobby/pvpMonitor` carries them. */
  lobby(): Lobby | Promise<Lobby>
}

export type Lobby = ServerPayloads['lobby/pvpMonitor']

export interface InitData {
  auth: { token: string; uid: string }
  profile: Profile
  games: GameView[]
  presence: PresenceMap
  lobby: Lobby
  shop: { items: ShopItem[] }
  startParams: StartParams
  /** What this server can do beyond the game (docs/web.md): the web hides what it cannot. */
  features: Features
}

/**
 * Telegram-only features. `telegramBot`: the server has a bot (invites by the bot, the Mini App).
 * `payments`: Stars purchases can be made here (they need the bot; the buyer needs a Telegram id).
 */
export interface Features {
  telegramBot: boolean
  payments: boolean
}

const zeroByLang = () => Object.fromEntries(LANGS.map((lang) => [lang, 0])) as Record<Lang, number>

export const emptyLobby = (): Lobby => ({
  counts: Object.fromEntries(GAME_TYPES.map((type) => [type, zeroByLang()])) as LobbyCounts,
  timeModes: Object.fromEntries(TIME_MODES.map((mode) => [mode, zeroByLang()])) as LobbyTimeModeCounts,
})

export const defaultInitSources: InitSources = {
  games: async () => [],
  lobby: emptyLobby,
}

export function createInitService(core: Core, auth: AuthService, sources: InitSources) {
  const { tokens, users, hub, clock, config, log } = core

  /** Init data wins when valid (Telegram is the stronger identity); otherwise the bearer token. */
  async function identify(
    initData: string | undefined,
    authorization: string | undefined,
  ): Promise<{ user: User; startParams: StartParams }> {
    if (initData) {
      try {
        const signed = await auth.signInInitData(initData)
        return { user: signed.user, startParams: signed.startParams }
      } catch (err) {
        // Bad init data next to a good token still signs in with the token.
        if (!(err instanceof ApiError)) throw err
        log.debug('init data not accepted', { reason: err.message })
      }
    }
    const verified = await tokens.fromHeader(authorization)
    const user = verified ? await users.get(verified.uid) : null
    if (!user) throw unauthorized('A valid token or Telegram init data is required')
    return { user, startParams: {} }
  }

  return {
    async init(initData: string | undefined, authorization: string | undefined): Promise<InitData> {
      const { user, startParams } = await identify(initData, authorization)
      const [{ token }, games, lobby] = await Promise.all([
        tokens.issue(user.id),
        sources.games(user.id, user.lang),
        sources.lobby(),
      ])
      const others = new Set(games.flatMap((game) => game.opponents).filter((uid) => uid !== user.id))
      return {
        auth: { token, uid: user.id },
        profile: toProfile(user, { now: clock(), isOnline: true, devTgIds: config.devTgIds }),
        games,
        // The computer (ai:<level>) is always there.
        presence: {
          ...hub.presenceOf(others),
          ...Object.fromEntries([...others].filter(isComputer).map((uid) => [uid, 1 as const])),
        },
        lobby,
        shop: { items: shopCatalogue() },
        startParams,
        features: {
          telegramBot: config.telegramBotToken !== null,
          payments: config.telegramBotToken !== null,
        },
      }
    },
  }
}
