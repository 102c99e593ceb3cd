import type { Lang } from '../../engine/index.ts'
import type { Clock } from '../clock.ts'
import type { Config } from '../config.ts'
import { badRequest, unauthorized } from '../http/envelope.ts'
import type { Logger } from '../observability/log.ts'
import type { UsersService } from '../users/service.ts'
import { NICKNAME_PATTERN, type User } from '../users/types.ts'
import { parseStartParam, type StartParams } from './start-param.ts'
import { verifyInitData, verifyWidget } from './telegram.ts'
import type { TokenService } from './tokens.ts'

export interface Auth {
  token: string
  uid: string
}

export interface SignedIn {
  auth: Auth
  user: User
}

export interface AuthDeps {
  config: Pick<Config, 'telegramBotToken'>
  users: UsersService
  tokens: TokenService
  clock: Clock
  log: Logger
}

/** The sign-in paths of PROTOCOL.md Auth. Failures throw ApiErrors (400 or 401). */
export function createAuthService(deps: AuthDeps) {
  const { config, users, tokens, clock, log } = deps

  const issue = async (user: User): Promise<SignedIn> => {
    const { token } = await tokens.issue(user.id)
    return { auth: { token, uid: user.id }, user }
  }

  const botToken = () => {
    if (!config.telegramBotToken) throw unauthorized('Telegram sign-in is not configured on this server')
    return config.telegramBotToken
  }

  return {
    async signInWeb(rawNickname: string, lang?: Lang): Promise<SignedIn> {
      const nickname = rawNickname.trim()
      if (!NICKNAME_PATTERN.test(nickname))
        throw badRequest('A nickname is 2-24 letters, digits, spaces, _ or -')
      const { user } = await users.signInWeb(nickname, lang)
      return issue(user)
    },

    /** Mini App init data; also used by /api/init. */
    async signInInitData(raw: string): Promise<SignedIn & { startParams: StartParams }> {
      const checked = verifyInitData(raw, botToken(), clock())
      if (!checked.ok) {
        log.info('init data refused', { reason: checked.reason })
        throw unauthorized(`Invalid Telegram init data: ${checked.reason}`)
      }
      const startParams = parseStartParam(checked.value.startParam)
      const { user } = await users.signInTelegram(checked.value.user, startParams.ref)
      return { ...(await issue(user)), startParams }
    },

    async signInWidget(fields: Record<string, string | number | boolean>): Promise<SignedIn> {
      const checked = verifyWidget(fields, botToken(), clock())
      if (!checked.ok) {
        log.info('widget login refused', { reason: checked.reason })
        throw unauthorized(`Invalid Telegram login: ${checked.reason}`)
      }
      const { user } = await users.signInTelegram(checked.value)
      return issue(user)
    },

    /** DEV=1 only (the route checks): a web user, or a Telegram user when tgId is given. */
    async signInDev(input: { nickname?: string; tgId?: number }): Promise<SignedIn> {
      const nickname = (input.nickname ?? 'Developer').trim()
      if (!NICKNAME_PATTERN.test(nickname))
        throw badRequest('A nickname is 2-24 letters, digits, spaces, _ or -')
      if (input.tgId === undefined) return issue((await users.signInWeb(nickname)).user)
      const { user } = await users.signInTelegram({
        id: input.tgId,
        firstName: nickname,
        lastName: '',
        username: null,
        languageCode: null,
        allowsPm: null,
      })
      return issue(user)
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
