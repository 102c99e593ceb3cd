import { type ConfigError, parseConfig } from '../../src/config.ts'

/** An environment that parses (a JWT secret), for tests of one variable at a time. */
export const CONFIG_BASE = { JWT_SECRET: 'x'.repeat(20) }

/** The problems parseConfig reports for `env` on top of CONFIG_BASE (none: []). */
export function configProblems(env: Record<string, string>): string[] {
  try {
    parseConfig({ ...CONFIG_BASE, ...env })
    return []
  } catch (err) {
    return (err as ConfigError).problems
  }
}
