/**
 * Without JWT_SECRET the server makes its secret once and keeps it: in DATA_DIR (mode 0600) with the
 * embedded database, in the database with Postgres. Tokens survive a restart either way.
 */
import { describe, expect, test } from 'bun:test'
import { chmodSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { serverSecrets } from '../../src/db/schema/index.ts'
import { SECRET_FILE } from '../../src/secrets/server-secret.ts'
import { request, signUp } from './accounts.ts'
import { describeBoth, restartableServer } from './harness.ts'

// Empty counts as unset (the harness sets a JWT_SECRET otherwise).
const NO_SECRET = { JWT_SECRET: '' }

describeBoth('the server secret without JWT_SECRET', (db) => {
  const servers = restartableServer(db)

  test('is generated once, kept, and keeps tokens valid across a restart', async () => {
    let server = await servers.start(NO_SECRET)
    const stored = async () => {
      if (db === 'postgres') {
        const [row] = await server.core.db
          .select()
          .from(serverSecrets)
          .where(eq(serverSecrets.name, 'server'))
        return row?.value
      }
      const path = join(server.scratch.dataDir, SECRET_FILE)
      expect(statSync(path).mode & 0o777).toBe(0o600)
      return readFileSync(path, 'utf8').trim()
    }
    const secret = await stored()
    expect(secret).toMatch(/^[0-9a-f]{64}$/)
    expect(server.core.serverSecret).toBe(secret as string)
    const seed = server.core.deriveKey('daily-seed')
    expect(seed).toMatch(/^[0-9a-f]{64}$/)
    expect(seed).not.toBe(secret as string)
    expect(server.core.deriveKey('other')).not.toBe(seed)

    const player = await signUp(server, 'Survivor')
    server = await servers.restart(1000, NO_SECRET)
    expect(await stored()).toBe(secret)
    expect(server.core.deriveKey('daily-seed')).toBe(seed)
    expect((await request(server, 'GET', '/api/games', { token: player.token })).status).toBe(200)
    expect((await request(server, 'POST', '/api/init', { token: player.token })).status).toBe(200)
  })

  test('JWT_SECRET, when given, is the secret (and the kept one is not used)', async () => {
    const server = await servers.start({ JWT_SECRET: 'given-secret-given-secret' })
    expect(server.core.serverSecret).toBe('given-secret-given-secret')
  })
})

describe('the secret file', () => {
  const servers = restartableServer('pglite')

  test('a copy with looser permissions is tightened to 0600 at start', async () => {
    const server = await servers.start(NO_SECRET)
    const path = join(server.scratch.dataDir, SECRET_FILE)
    chmodSync(path, 0o644)
    await servers.restart(0, NO_SECRET)
    expect(statSync(path).mode & 0o777).toBe(0o600)
  })
})
