import { describe, expect, test } from 'bun:test'
import { type ConfigError, parseConfig } from '../../src/config.ts'

const base = { JWT_SECRET: 'x'.repeat(20) }
const problems = (env: Record<string, string>) => {
  try {
    parseConfig({ ...base, ...env })
    return []
  } catch (err) {
    return (err as ConfigError).problems
  }
}

describe('TELEGRAM_ANALYTICS_* configuration', () => {
  test('unset: no Telegram analytics', () => {
    expect(parseConfig(base).telegramAnalytics).toBeNull()
  })

  test('a token and an app name are read together', () => {
    const config = parseConfig({
      ...base,
      TELEGRAM_ANALYTICS_TOKEN: 'eyJhbGciOiJIUzI1NiJ9.payload.sig-_',
      TELEGRAM_ANALYTICS_APP_NAME: 'word_territory',
    })
    expect(config.telegramAnalytics).toEqual({
      token: 'eyJhbGciOiJIUzI1NiJ9.payload.sig-_',
      appName: 'word_territory',
    })
  })

  test.each([
    [{ TELEGRAM_ANALYTICS_TOKEN: 'eyJhbGciOiJIUzI1NiJ9.payload' }, 'TELEGRAM_ANALYTICS_APP_NAME'],
    [{ TELEGRAM_ANALYTICS_APP_NAME: 'word_territory' }, 'TELEGRAM_ANALYTICS_TOKEN'],
    [{ TELEGRAM_ANALYTICS_TOKEN: 'short', TELEGRAM_ANALYTICS_APP_NAME: 'a' }, 'TELEGRAM_ANALYTICS_TOKEN'],
    [
      { TELEGRAM_ANALYTICS_TOKEN: 'eyJhbGciOiJIUzI1NiJ9.payload', TELEGRAM_ANALYTICS_APP_NAME: 'has space' },
      'TELEGRAM_ANALYTICS_APP_NAME',
    ],
  ])('%o is refused naming %s', (env, name) => {
    const found = problems(env as Record<string, string>)
    expect(found).toHaveLength(1)
    expect(found[0]).toContain(name)
  })
})
