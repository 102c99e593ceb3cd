export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export interface Config {
  port: number
  /** Folder of the embedded database (PGlite); unused when databaseUrl is set. */
  dataDir: string
  databaseUrl: string | null
  /** Redis for several processes on one Postgres (ARCHITECTURE.md); unset: one process per database. */
  redisUrl: string | null
  /** REDIS_PREFIX: the start of every Redis channel of this deployment (two deployments, or tests, on one Redis). */
  redisPrefix: string
  /** JWT_SECRET; null: the server generates its secret once and keeps it (secrets/server-secret.ts). */
  jwtSecret: string | null
  telegramBotToken: string | null
  /** Bot API root; tests point it at a fake Bot API. */
  telegramApiRoot: string
  telegramWebhookSecret: string | null
  /** The bot's username for the Login Widget on /signin; unset: the one getMe reports. */
  telegramBotUsername: string | null
  /** Public origin without a trailing slash, e.g. https://example.org. */
  publicUrl: string | null
  /** The players' messaging group (an https link, e.g. https://t.me/…) home links to; null: no link. */
  telegramGroupUrl: string | null
  dev: boolean
  /** NODE_ENV=production; the compiled binary (and so the Docker image) defaults to it. */
  production: boolean
  logLevel: LogLevel
  /** Telegram ids flagged isDev in profiles. */
  devTgIds: ReadonlySet<number>
  /** Telegram Mini Apps analytics (TELEGRAM_ANALYTICS_TOKEN, _APP_NAME); null: the SDK is never loaded. */
  telegramAnalytics: { token: string; appName: string } | null
  dictionariesDir: string
  /** The computer's thinking time before it moves, drawn between min and max (ms). */
  computerDelayMs: { min: number; max: number }
  /** RATE_LIMITS: false ('off') lifts the per-address and per-connection limits (load tests). */
  rateLimits: boolean
  /**
   * TRUST_PROXY: how many reverse proxies in front of the server append to X-Forwarded-For; the
   * client address is read that many entries from its right end. 0: the socket's address only.
   */
  trustProxy: number
  /** Non-fatal notes for the start log (e.g. DEV=1 forced on in production). */
  warnings: string[]
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

const URL_PROTOCOLS = {
  http: ['http:', 'https:'],
  https: ['https:'],
  postgres: ['postgres:', 'postgresql:'],
  redis: ['redis:', 'rediss:'],
} as const

/**
 * Parses the environment once, purely. Collects every problem before failing so one start shows
 * them all.
 */
export function parseConfig(env: Env): Config {
  const problems: string[] = []
  const warnings: string[] = []
  // Empty values count as unset: `FOO= bun src/main.ts` should not be an error.
  const get = (name: string): string | undefined => {
    const value = env[name]?.trim()
    return value ? value : undefined
  }

  const production = get('NODE_ENV') === 'production'

  const port = parsePort(get('PORT'), problems)
  const databaseUrl = parseUrl('DATABASE_URL', get('DATABASE_URL'), URL_PROTOCOLS.postgres, problems)
  const redisUrl = parseUrl('REDIS_URL', get('REDIS_URL'), URL_PROTOCOLS.redis, problems)
  const publicUrl = parseUrl('PUBLIC_URL', get('PUBLIC_URL'), URL_PROTOCOLS.http, problems)
  const telegramGroupUrl = parseUrl(
    'TELEGRAM_GROUP_URL',
    get('TELEGRAM_GROUP_URL'),
    URL_PROTOCOLS.https,
    problems,
  )
  const telegramApiRoot =
    parseUrl('TELEGRAM_API_ROOT', get('TELEGRAM_API_ROOT'), URL_PROTOCOLS.http, problems) ??
    'https://api.telegram.org'

  const dev = parseFlag('DEV', get('DEV'), problems)
  const devUnsafe = parseFlag('DEV_UNSAFE', get('DEV_UNSAFE'), problems)
  // DEV=1 signs anyone in as anyone: never by accident on a real deployment.
  if (dev && production && !devUnsafe)
    problems.push(
      'DEV=1 is refused in production (NODE_ENV=production, the default of the binary); add DEV_UNSAFE=1 to force it',
    )
  if (dev && production && devUnsafe)
    warnings.push(
      'UNSAFE: DEV=1 in production (DEV_UNSAFE=1): anyone can sign in as any player through /api/auth/dev-signin',
    )

  const logLevelRaw = get('LOG_LEVEL') ?? 'info'
  const logLevel = (LOG_LEVELS as readonly string[]).includes(logLevelRaw)
    ? (logLevelRaw as LogLevel)
    : 'info'
  if (logLevel !== logLevelRaw)
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevelRaw}"`)

  const redisPrefix = get('REDIS_PREFIX') ?? 'wordgame'
  if (!/^[A-Za-z0-9_:.-]{1,64}$/.test(redisPrefix))
    problems.push('REDIS_PREFIX must be 1-64 letters, digits, _ : . or -')

  const jwtSecret = get('JWT_SECRET') ?? null
  if (jwtSecret !== null && jwtSecret.length < 16) problems.push('JWT_SECRET must be at least 16 characters')

  const telegramBotToken = get('TELEGRAM_BOT_TOKEN') ?? null
  if (telegramBotToken !== null && !/^\d+:[A-Za-z0-9_-]{20,}$/.test(telegramBotToken))
    problems.push('TELEGRAM_BOT_TOKEN must look like "123456:ABC…" (digits, colon, token)')

  const telegramWebhookSecret = get('TELEGRAM_WEBHOOK_SECRET') ?? null
  if (telegramWebhookSecret !== null && !/^[A-Za-z0-9_-]{1,256}$/.test(telegramWebhookSecret))
    problems.push('TELEGRAM_WEBHOOK_SECRET must be 1-256 characters of A-Z, a-z, 0-9, _ and -')

  // Telegram usernames: 5-32 letters, digits and underscores, starting with a letter; '@' is tolerated.
  const telegramBotUsername = get('TELEGRAM_BOT_USERNAME')?.replace(/^@/, '') ?? null
  if (telegramBotUsername !== null && !/^[A-Za-z][A-Za-z0-9_]{4,31}$/.test(telegramBotUsername))
    problems.push('TELEGRAM_BOT_USERNAME must be a Telegram username (5-32 letters, digits or _)')

  const devTgIds = new Set<number>()
  for (const part of (get('DEV_TG_IDS') ?? '').split(',')) {
    const id = part.trim()
    if (!id) continue
    if (/^\d{1,16}$/.test(id) && Number(id) > 0) devTgIds.add(Number(id))
    else problems.push(`DEV_TG_IDS must be a comma list of Telegram ids, got "${id}"`)
  }

  const telegramAnalytics = parseTelegramAnalytics(
    get('TELEGRAM_ANALYTICS_TOKEN'),
    get('TELEGRAM_ANALYTICS_APP_NAME'),
    problems,
  )

  const computerDelayMs = parseRange('COMPUTER_DELAY_MS', get('COMPUTER_DELAY_MS'), problems) ?? {
    min: 1200,
    max: 3500,
  }

  const rateLimitsRaw = get('RATE_LIMITS') ?? 'on'
  if (rateLimitsRaw !== 'on' && rateLimitsRaw !== 'off')
    problems.push(`RATE_LIMITS must be on or off, got "${rateLimitsRaw}"`)

  const trustProxyRaw = get('TRUST_PROXY') ?? '0'
  const trustProxy = /^\d$/.test(trustProxyRaw) ? Number(trustProxyRaw) : Number.NaN
  if (Number.isNaN(trustProxy))
    problems.push(
      `TRUST_PROXY must be the number of proxies in front of the server (0-9), got "${trustProxyRaw}"`,
    )

  if (problems.length > 0) throw new ConfigError(problems)

  return {
    port,
    dataDir: get('DATA_DIR') ?? './data',
    databaseUrl,
    redisUrl,
    redisPrefix,
    jwtSecret,
    telegramBotToken,
    telegramApiRoot,
    telegramWebhookSecret,
    telegramBotUsername,
    publicUrl,
    telegramGroupUrl,
    dev,
    production,
    logLevel,
    devTgIds,
    telegramAnalytics,
    dictionariesDir: get('DICTIONARIES_DIR') ?? './dictionaries',
    computerDelayMs,
    rateLimits: rateLimitsRaw !== 'off',
    trustProxy,
    warnings,
  }
}

function parsePort(raw: string | undefined, problems: string[]): number {
  if (raw === undefined) return 3000
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN
  if (!(port >= 0 && port <= 65535)) {
    problems.push(`PORT must be an integer 0-65535, got "${raw}"`)
    return 3000
  }
  return port
}

/** "N" or "MIN-MAX", whole milliseconds. */
function parseRange(
  name: string,
  raw: string | undefined,
  problems: string[],
): { min: number; max: number } | null {
  if (raw === undefined) return null
  const match = /^(\d{1,7})(?:-(\d{1,7}))?$/.exec(raw)
  const min = match ? Number(match[1]) : Number.NaN
  const max = match?.[2] === undefined ? min : Number(match[2])
  if (!match || max < min) {
    problems.push(`${name} must be milliseconds "N" or "MIN-MAX" with MIN <= MAX, got "${raw}"`)
    return null
  }
  return { min, max }
}

/** The token is the SDK's JWT-like key; the app name is the identifier registered with it. */
function parseTelegramAnalytics(
  token: string | undefined,
  appName: string | undefined,
  problems: string[],
): Config['telegramAnalytics'] {
  if (token === undefined) {
    if (appName !== undefined) problems.push('TELEGRAM_ANALYTICS_APP_NAME needs TELEGRAM_ANALYTICS_TOKEN')
    return null
  }
  if (!/^[A-Za-z0-9._=+/-]{16,2048}$/.test(token))
    problems.push('TELEGRAM_ANALYTICS_TOKEN must be 16-2048 characters of A-Z, a-z, 0-9 and ._=+/-')
  if (appName === undefined)
    problems.push('TELEGRAM_ANALYTICS_APP_NAME is required with TELEGRAM_ANALYTICS_TOKEN')
  else if (!/^[A-Za-z0-9_-]{1,64}$/.test(appName))
    problems.push('TELEGRAM_ANALYTICS_APP_NAME must be 1-64 letters, digits, _ or -')
  return appName === undefined ? null : { token, appName }
}

function parseFlag(name: string, raw: string | undefined, problems: string[]): boolean {
  if (raw === undefined || raw === '0') return false
  if (raw === '1') return true
  problems.push(`${name} must be 1 or 0, got "${raw}"`)
  return false
}

function parseUrl(
  name: string,
  raw: string | undefined,
  protocols: readonly string[],
  problems: string[],
): string | null {
  if (raw === undefined) return null
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    problems.push(`${name} is not a valid URL`)
    return null
  }
  if (!protocols.includes(url.protocol)) {
    problems.push(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`)
    return null
  }
  return raw.replace(/\/+$/, '')
}
