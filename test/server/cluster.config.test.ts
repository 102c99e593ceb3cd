/** REDIS_PREFIX (docs/cluster.md): the channels' start, checked like every other setting. */
import { expect, test } from 'bun:test'
import { ConfigError, parseConfig } from '../../src/config.ts'

test('REDIS_PREFIX defaults to wordgame and refuses what would not name a channel', () => {
  expect(parseConfig({}).redisPrefix).toBe('wordgame')
  expect(parseConfig({ REDIS_PREFIX: 'prod-1:eu' }).redisPrefix).toBe('prod-1:eu')
  for (const bad of ['with space', 'x'.repeat(65), 'a*b']) {
    let problems: string[] = []
    try {
      parseConfig({ REDIS_PREFIX: bad })
    } catch (err) {
      if (err instanceof ConfigError) problems = err.problems
    }
    expect(problems).toEqual(['REDIS_PREFIX must be 1-64 letters, digits, _ : . or -'])
  }
})
