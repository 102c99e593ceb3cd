import type { Lang } from '../../engine/index.ts'
import type { Clock } from '../clock.ts'
import type { Config } from '../config.ts'
import { ApiError, badRequest, conflict, unauthorized } from '../http/envelope.ts'
import type { Logger } from '../observability/log.ts'
import { checkNickname } from '../users/nickname.ts'
import type { UsersService } from '../users/service.ts'
import type { TelegramIdentity, User } from '../users/types.ts'
import type { DeviceKey, DeviceKeys } from './device-keys.ts'
import { verifyPassword } from './passwords.ts'
import type { Session, SessionKind, Sessions } from './sessions.ts'
import { parseStartParam, type StartParams } from './start-param.ts'
import { verifyInitData, verifyWidget } from './telegram.ts'
import type { TokenService } from './tokens.ts'

/** `data.auth` of every sign-in; web sign-ins add the browser's device key. */
export interface Auth {
  token: string
  uid: string
  deviceKey?: string
}

export interface SignedIn {
  auth: Auth
  user: User
  session: Session
}

export const AUTH_ERRORS = {
  NICKNAME_TAKEN: 'NICKNAME_TAKEN',
  BAD_CREDENTIALS: 'BAD_CREDENTIALS',
} as const

export interface WebSignIn {
  nickname: string
  password?: string
  /** A device key sent in the body (clients without cookies). */
  deviceKey?: string
  /** The keys of the `device` cookie. */
  cookieKeys: readonly string[]
  lang?: Lang
  /** The session's label (auth/device-label.ts). */
  device: string
}

export interface AuthDeps {
  config: Pick<Config, 'telegramBotToken'>
  users: UsersService
  tokens: TokenService
  sessions: Sessions
  deviceKeys: DeviceKeys
  clock: Clock
  log: Logger
}

export type WidgetFields = Record<string, string | number | boolean>

/** The sign-in paths of PROTOCOL.md Auth; each begins a session. Failures throw ApiErrors. */
export function createAuthService(deps: AuthDeps) {
  const { config, users, tokens, sessions, deviceKeys, clock, log } = deps

  const begin = async (
    user: User,
    kind: SessionKind,
    device: string,
    key: DeviceKey | null = null,
  ): Promise<SignedIn> => {
    const session = await sessions.create({ uid: user.id, kind, device, deviceKeyId: key?.id ?? null })
    const { token } = await tokens.issue(session)
    return { auth: { token, uid: user.id }, user, session }
  }

  const botToken = () => {
    if (!config.telegramBotToken) throw unauthorized('Telegram sign-in is not configured on this server')
    return config.telegramBotToken
  }

  const checked = (raw: string) => {
    const result = checkNickname(raw)
    if (!result.ok) throw new ApiError(400, result.code, result.message)
    return result
  }

  const badCredentials = () =>
    new ApiError(401, AUTH_ERRORS.BAD_CREDENTIALS, 'Wrong password or device key for this nickname')

  function initData(raw: string) {
    const verified = verifyInitData(raw, botToken(), clock())
    if (!verified.ok) {
      log.info('init data refused', { reason: verified.reason })
      throw unauthorized(`Invalid Telegram init data: ${verified.reason}`)
    }
    return verified.value
  }

  /** Init data checked with the bot token, its user found (names refreshed) or created. */
  async function telegramUser(raw: string): Promise<{ user: User; startParams: StartParams }> {
    const verified = initData(raw)
    const startParams = parseStartParam(verified.startParam)
    const { user } = await users.signInTelegram(verified.user, startParams.ref)
    return { user, startParams }
  }

  function widgetIdentity(fields: WidgetFields): TelegramIdentity {
    const verified = verifyWidget(fields, botToken(), clock())
    if (!verified.ok) {
      log.info('widget login refused', { reason: verified.reason })
      throw unauthorized(`Invalid Telegram login: ${verified.reason}`)
    }
    return verified.value
  }

  const beginWeb = async (user: User, device: string, key: DeviceKey) => {
    const signed = await begin(user, 'web', device, key)
    return { ...signed, auth: { ...signed.auth, deviceKey: key.key } }
  }

  return {
    begin,
    telegramUser,
    widgetIdentity,
    initDataIdentity: (raw: string): TelegramIdentity => initData(raw).user,

    /**
     * A free nickname makes an account; a taken one opens only with its password or one of its
     * device keys. A password never makes an account: a mistyped nickname must not become one.
     * Nothing is written for a refused attempt.
     */
    async signInWeb(input: WebSignIn) {
      const { nickname, key } = checked(input.nickname)
      const bodyKeys = input.deviceKey === undefined ? [] : [input.deviceKey]
      const found = await users.findByNicknameKey(key)
      if (!found) {
        if (input.password !== undefined) throw badCredentials()
        const user = await users.createWeb(nickname, key, input.lang)
        if (!user) throw conflict('This nickname is taken', AUTH_ERRORS.NICKNAME_TAKEN)
        return beginWeb(user, input.device, await deviceKeys.issue(user.id))
      }
      const { user, passwordHash } = found
      let held = await deviceKeys.find(user.id, [...bodyKeys, ...input.cookieKeys])
      if (input.password !== undefined) {
        if (!(await verifyPassword(input.password, passwordHash))) throw badCredentials()
        held ??= await deviceKeys.issue(user.id)
      } else if (!held) {
        if (bodyKeys.length > 0) throw badCredentials()
        throw conflict(
          'This nickname is taken: sign in with its password, or choose another nickname',
          AUTH_ERRORS.NICKNAME_TAKEN,
        )
      }
      await deviceKeys.used(held.id)
      return beginWeb(user, input.device, held)
    },

    /** Mini App init data. */
    async signInInitData(raw: string, device: string): Promise<SignedIn & { startParams: StartParams }> {
      const { user, startParams } = await telegramUser(raw)
      return { ...(await begin(user, 'telegram', device)), startParams }
    },

    async signInWidget(fields: WidgetFields, device: string): Promise<SignedIn> {
      const { user } = await users.signInTelegram(widgetIdentity(fields))
      return begin(user, 'telegram', device)
    },

    /** DEV=1 only (the route checks): anyone by nickname alone, or a Telegram user when tgId is given. */
    async signInDev(input: { nickname?: string; tgId?: number }, device: string): Promise<SignedIn> {
      const { nickname, key } = checked(input.nickname ?? 'Developer')
      if (input.tgId === undefined) {
        const user =
          (await users.findByNicknameKey(key))?.user ??
          (await users.createWeb(nickname, key)) ??
          (await users.findByNicknameKey(key))?.user
        if (!user) throw badRequest('Could not make the developer account')
        return begin(user, 'dev', device)
      }
      const { user } = await users.signInTelegram({
        id: input.tgId,
        firstName: nickname,
        lastName: '',
        username: null,
        languageCode: null,
        allowsPm: null,
      })
      return begin(user, 'dev', device)
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
