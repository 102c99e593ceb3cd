import { describe, expect, test } from 'bun:test'
import { ConfigError, parseConfig } from '../../src/config.ts'

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    parseConfig(env)
  } catch (err) {
    if (err instanceof ConfigError) return err.problems
    throw err
  }
  return []
}

describe('parseConfig', () => {
  test('defaults for an empty environment (the secret is left to the server: generated once and kept)', () => {
    const config = parseConfig({})
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      databaseUrl: null,
      jwtSecret: null,
      telegramBotToken: null,
      telegramApiRoot: 'https://api.telegram.org',
      publicUrl: null,
      dev: false,
      production: false,
      logLevel: 'info',
      dictionariesDir: './dictionaries',
      computerDelayMs: { min: 1200, max: 3500 },
      rateLimits: true,
      trustProxy: 0,
    })
    expect(config.devTgIds.size).toBe(0)
    expect(config.warnings).toEqual([])
  })

  test('reads every variable', () => {
    const config = parseConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/game',
      DATABASE_URL: 'postgres://u:p@db:5432/game',
      JWT_SECRET: 'a-very-long-and-secret-value',
      TELEGRAM_BOT_TOKEN: '1234:abcdefghijklmnopqrstuvwxyz_-AB',
      TELEGRAM_API_ROOT: 'http://127.0.0.1:9999/',
      TELEGRAM_WEBHOOK_SECRET: 'hook_secret-1',
      PUBLIC_URL: 'https://game.example/',
      DEV: '1',
      LOG_LEVEL: 'debug',
      DEV_TG_IDS: '111, 222',
      DICTIONARIES_DIR: '/dicts',
      COMPUTER_DELAY_MS: '100-250',
      RATE_LIMITS: 'off',
      TRUST_PROXY: '2',
    })
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/game',
      databaseUrl: 'postgres://u:p@db:5432/game',
      jwtSecret: 'a-very-long-and-secret-value',
      telegramBotToken: '1234:abcdefghijklmnopqrstuvwxyz_-AB',
      telegramApiRoot: 'http://127.0.0.1:9999',
      telegramWebhookSecret: 'hook_secret-1',
      publicUrl: 'https://game.example',
      dev: true,
      logLevel: 'debug',
      dictionariesDir: '/dicts',
      computerDelayMs: { min: 100, max: 250 },
      rateLimits: false,
      trustProxy: 2,
      warnings: [],
    })
    expect([...config.devTgIds]).toEqual([111, 222])
  })

  test('empty values count as unset', () => {
    expect(parseConfig({ PORT: '', DEV: '', JWT_SECRET: 'x'.repeat(20) }).port).toBe(3000)
  })

  test('a single computer delay is a fixed one', () => {
    expect(parseConfig({ COMPUTER_DELAY_MS: '40', JWT_SECRET: 'x'.repeat(20) }).computerDelayMs).toEqual({
      min: 40,
      max: 40,
    })
  })

  test.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ DEV: 'yes' }, 'DEV'],
    [{ DEV_UNSAFE: 'sure' }, 'DEV_UNSAFE'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL'],
    [{ TELEGRAM_API_ROOT: '::' }, 'TELEGRAM_API_ROOT'],
    [{ TELEGRAM_BOT_TOKEN: 'nocolon' }, 'TELEGRAM_BOT_TOKEN'],
    [{ TELEGRAM_WEBHOOK_SECRET: 'has space' }, 'TELEGRAM_WEBHOOK_SECRET'],
    [{ DEV_TG_IDS: '12,abc' }, 'DEV_TG_IDS'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ COMPUTER_DELAY_MS: '500-100' }, 'COMPUTER_DELAY_MS'],
    [{ COMPUTER_DELAY_MS: 'soon' }, 'COMPUTER_DELAY_MS'],
    [{ RATE_LIMITS: 'no' }, 'RATE_LIMITS'],
    [{ RATE_LIMITS: '0' }, 'RATE_LIMITS'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
  ])('%o is refused with a message naming %s', (env, name) => {
    const problems = problemsOf(env as Record<string, string>)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain(name)
  })

  test('production refuses DEV=1 unless DEV_UNSAFE=1 forces it, and then says so', () => {
    const problems = problemsOf({ NODE_ENV: 'production', DEV: '1' })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain('DEV=1 is refused in production')
    expect(problems[0]).toContain('DEV_UNSAFE=1')
    const forced = parseConfig({ NODE_ENV: 'production', DEV: '1', DEV_UNSAFE: '1' })
    expect(forced).toMatchObject({ dev: true, production: true, jwtSecret: null })
    expect(forced.warnings.join(' ')).toContain('UNSAFE')
    // Outside production DEV needs nothing more, and production alone needs no JWT_SECRET.
    expect(parseConfig({ DEV: '1' }).warnings).toEqual([])
    expect(parseConfig({ NODE_ENV: 'production' })).toMatchObject({ production: true, dev: false })
  })

  test('every problem is reported at once, in a readable message', () => {
    try {
      parseConfig({ PORT: 'x', LOG_LEVEL: 'loud' })
      throw new Error('expected a ConfigError')
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError)
      expect((err as ConfigError).problems).toHaveLength(2)
      expect((err as Error).message).toContain('Invalid configuration')
      expect((err as Error).message).toContain('LOG_LEVEL')
    }
  })
})
