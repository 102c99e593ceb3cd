/** One real server (PGlite) and one Chromium per test file, started together and stopped after it. */
import { afterAll, beforeAll } from 'bun:test'
import type { Browser } from 'playwright-core'
import { startServer, type TestServer } from '../server/harness.ts'
import { launchBrowser } from './browser.ts'

export interface E2E {
  server: TestServer
  browser: Browser
}

/** Call inside a describe: the fields are set once its beforeAll ran. */
export function e2eFixture(env: Record<string, string> = {}): E2E {
  const fixture = {} as E2E
  beforeAll(async () => {
    ;[fixture.server, fixture.browser] = await Promise.all([
      startServer({ db: 'pglite', env }),
      launchBrowser(),
    ])
  }, 60_000)
  afterAll(async () => {
    await fixture.browser?.close()
    await fixture.server?.stop()
  })
  return fixture
}
