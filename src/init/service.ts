import { GAME_TYPES, type GameView, isComputer, LANGS, type Lang, TIME_MODES } from '../../engine/index.ts'
import type { DeviceKeys } from '../auth/device-keys.ts'
import { deviceLabel } from '../auth/device-label.ts'
import type { AuthService } from '../auth/service.ts'
import type { Session } from '../auth/sessions.ts'
import type { StartParams } from '../auth/start-param.ts'
import { bearerToken } from '../auth/tokens.ts'
import type { Core } from '../core.ts'
import { type ShopItem, shopCatalogue } from '../economy/catalogue.ts'
import type { LobbyCounts, LobbyTimeModeCounts, PresenceMap, ServerPayloads } from '../realtime/protocol.ts'
import { accept, type Outcome, refuse } from '../refusal.ts'
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

export interface InitRequest {
  initData?: string
  authorization?: string
  userAgent?: string
}

/** The answer, and a device key the browser is to keep (an account from before device keys). */
export interface InitOutcome {
  data: InitData
  newDeviceKey: string | null
}

interface Identified {
  user: User
  session: Pick<Session, 'id' | 'uid' | 'endsAt'>
  startParams: StartParams
  newDeviceKey: string | null
}

export function createInitService(
  core: Core,
  auth: AuthService,
  deviceKeys: DeviceKeys,
  sources: InitSources,
) {
  const { tokens, users, hub, clock, config, log } = core

  /**
   * Init data wins when valid (Telegram is the stronger identity): it keeps the session of a token
   * of the same user, or begins one. Otherwise the bearer token's session goes on; a token from
   * before sessions is exchanged once for a session (and a web account's browser gets a device key).
   * Without any of them, refused (401).
   */
  async function identify(request: InitRequest): Promise<Outcome<Identified>> {
    const device = deviceLabel(request.userAgent)
    const bearer = await tokens.fromHeader(request.authorization)
    if (request.initData) {
      const telegram = await auth.telegramUser(request.initData)
      if (telegram.ok) {
        const { user, startParams } = telegram.value
        const kept = bearer?.uid === user.id ? await core.sessions.live(bearer.sid, user.id) : null
        const session = kept ?? (await auth.begin(user, 'telegram', device)).session
        return accept({ user, session, startParams, newDeviceKey: null })
      }
      // Bad init data next to a good token still signs in with the token.
      log.debug('init data not accepted', { reason: telegram.message })
    }
    if (bearer) {
      const [user, session] = await Promise.all([
        users.get(bearer.uid),
        core.sessions.live(bearer.sid, bearer.uid),
      ])
      if (user && session) return accept({ user, session, startParams: {}, newDeviceKey: null })
    }
    const legacy = await tokens.legacy(bearerToken(request.authorization))
    const user = legacy ? await users.get(legacy.uid) : null
    if (!user) return refuse('UNAUTHORIZED', 'A valid token or Telegram init data is required')
    const key = user.nicknameKey === null ? null : await deviceKeys.issue(user.id)
    const { session } = await auth.begin(user, user.nicknameKey === null ? 'telegram' : 'web', device, key)
    log.info('token from before sessions exchanged for a session', { uid: user.id })
    return accept({ user, session, startParams: {}, newDeviceKey: key?.key ?? null })
  }

  return {
    async init(request: InitRequest): Promise<Outcome<InitOutcome>> {
      const identified = await identify(request)
      if (!identified.ok) return identified
      const { user, session, startParams, newDeviceKey } = identified.value
      const [{ token }, games, lobby] = await Promise.all([
        tokens.issue(session),
        sources.games(user.id, user.lang),
        sources.lobby(),
      ])
      const others = new Set(games.flatMap((game) => game.opponents).filter((uid) => uid !== user.id))
      const data: InitData = {
        auth: { token, uid: user.id },
        profile: toProfile(user, { now: clock(), isOnline: true, devTgIds: config.devTgIds }),
        games,
        // The computer (computerId(level)) is always there.
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
      return accept({ data, newDeviceKey })
    },
  }
}
