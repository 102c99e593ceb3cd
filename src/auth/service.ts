import type { Lang } from '../../engine/index.ts'
import type { Clock } from '../clock.ts'
import type { Config } from '../config.ts'
import type { Logger } from '../observability/log.ts'
import { accept, type Outcome, refuse } from '../refusal.ts'
import { checkNickname } from '../users/nickname.ts'
import type { UsersService } from '../users/service.ts'
import type { TelegramIdentity, User } from '../users/types.ts'
import type { DeviceKey, DeviceKeys } from './device-keys.ts'
import { verifyPassword } from './passwords.ts'
import type { Session, SessionKind, Sessions } from './sessions.ts'
import { parseStartParam, type StartParams } from './start-param.ts'
import { type TelegramCheck, verifyInitData, verifyWidget } from './telegram.ts'
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

/**
 * The sign-in paths of PROTOCOL.md Auth; each begins a session. A failed one is refused
 * (src/refusal.ts): UNAUTHORIZED, BAD_CREDENTIALS, NICKNAME_TAKEN or a nickname's own code.
 */
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

  const badCredentials = () => refuse('BAD_CREDENTIALS', 'Wrong password or device key for this nickname')

  /** A Telegram proof (`what`) checked with the bot token: its value, or 401 saying why not. */
  function fromTelegram<T>(
    check: (botToken: string, now: number) => TelegramCheck<T>,
    what: { logged: string; refused: string },
  ): Outcome<T> {
    if (!config.telegramBotToken)
      return refuse('UNAUTHORIZED', 'Telegram sign-in is not configured on this server')
    const verified = check(config.telegramBotToken, clock())
    if (verified.ok) return accept(verified.value)
    log.info(what.logged, { reason: verified.reason })
    return refuse('UNAUTHORIZED', `${what.refused}: ${verified.reason}`)
  }

  const initData = (raw: string) =>
    fromTelegram((botToken, now) => verifyInitData(raw, botToken, now), {
      logged: 'init data refused',
      refused: 'Invalid Telegram init data',
    })

  /** Init data checked with the bot token, its user found (names refreshed) or created. */
  async function telegramUser(raw: string): Promise<Outcome<{ user: User; startParams: StartParams }>> {
    const verified = initData(raw)
    if (!verified.ok) return verified
    const startParams = parseStartParam(verified.value.startParam)
    const { user } = await users.signInTelegram(verified.value.user, startParams.ref)
    return accept({ user, startParams })
  }

  const widgetIdentity = (fields: WidgetFields): Outcome<TelegramIdentity> =>
    fromTelegram((botToken, now) => verifyWidget(fields, botToken, now), {
      logged: 'widget login refused',
      refused: 'Invalid Telegram login',
    })

  const beginWeb = async (user: User, device: string, key: DeviceKey) => {
    const signed = await begin(user, 'web', device, key)
    return { ...signed, auth: { ...signed.auth, deviceKey: key.key } }
  }

  return {
    begin,
    telegramUser,
    widgetIdentity,
    initDataIdentity(raw: string): Outcome<TelegramIdentity> {
      const verified = initData(raw)
      return verified.ok ? accept(verified.value.user) : verified
    },

    /**
     * A free nickname makes an account; a taken one opens only with its password or one of its
     * device keys. A password never makes an account: a mistyped nickname must not become one.
     * Nothing is written for a refused attempt.
     */
    async signInWeb(input: WebSignIn): Promise<Outcome<SignedIn & { auth: { deviceKey: string } }>> {
      const checked = checkNickname(input.nickname)
      if (!checked.ok) return refuse(checked.code, checked.message)
      const { nickname, key } = checked
      const bodyKeys = input.deviceKey === undefined ? [] : [input.deviceKey]
      const found = await users.findByNicknameKey(key)
      if (!found) {
        if (input.password !== undefined) return badCredentials()
        const user = await users.createWeb(nickname, key, input.lang)
        if (!user) return refuse('NICKNAME_TAKEN', 'This nickname is taken')
        return accept(await beginWeb(user, input.device, await deviceKeys.issue(user.id)))
      }
      const { user, passwordHash } = found
      let held = await deviceKeys.find(user.id, [...bodyKeys, ...input.cookieKeys])
      if (input.password !== undefined) {
        if (!(await verifyPassword(input.password, passwordHash))) return badCredentials()
        held ??= await deviceKeys.issue(user.id)
      } else if (!held) {
        if (bodyKeys.length > 0) return badCredentials()
        return refuse(
          'NICKNAME_TAKEN',
          'This nickname is taken: sign in with its password, or choose another nickname',
        )
      }
      await deviceKeys.used(held.id)
      return accept(await beginWeb(user, input.device, held))
    },

    /** Mini App init data. */
    async signInInitData(
      raw: string,
      device: string,
    ): Promise<Outcome<SignedIn & { startParams: StartParams }>> {
      const found = await telegramUser(raw)
      if (!found.ok) return found
      const { user, startParams } = found.value
      return accept({ ...(await begin(user, 'telegram', device)), startParams })
    },

    async signInWidget(fields: WidgetFields, device: string): Promise<Outcome<SignedIn>> {
      const identity = widgetIdentity(fields)
      if (!identity.ok) return identity
      const { user } = await users.signInTelegram(identity.value)
      return accept(await begin(user, 'telegram', device))
    },

    /** DEV=1 only (the route checks): anyone by nickname alone, or a Telegram user when tgId is given. */
    async signInDev(input: { nickname?: string; tgId?: number }, device: string): Promise<Outcome<SignedIn>> {
      const checked = checkNickname(input.nickname ?? 'Developer')
      if (!checked.ok) return refuse(checked.code, checked.message)
      const { nickname, key } = checked
      if (input.tgId === undefined) {
        const user =
          (await users.findByNicknameKey(key))?.user ??
          (await users.createWeb(nickname, key)) ??
          (await users.findByNicknameKey(key))?.user
        if (!user) return refuse('BAD_REQUEST', 'Could not make the developer account')
        return accept(await begin(user, 'dev', device))
      }
      const { user } = await users.signInTelegram({
        id: input.tgId,
        firstName: nickname,
        lastName: '',
        username: null,
        languageCode: null,
        allowsPm: null,
      })
      return accept(await begin(user, 'dev', device))
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
