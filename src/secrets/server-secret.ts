import { createHmac, randomBytes } from 'node:crypto'
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { readServerSecret, storeServerSecret } from './repo.ts'

/** Where the secret came from, for the start log. */
export type SecretSource = 'env' | 'file' | 'database'

export interface ServerSecret {
  /** Signs the tokens; other purposes take a key derived from it (deriveKey). */
  value: string
  source: SecretSource
}

/** The file in DATA_DIR that keeps a generated secret of an embedded-database deployment. */
export const SECRET_FILE = 'server-secret'
const SECRET_NAME = 'server'

const generate = () => randomBytes(32).toString('hex')

/**
 * The server's one secret: JWT_SECRET when given; otherwise one generated on the first start and
 * kept, so that tokens survive restarts without configuration: in DATA_DIR (mode 0600) with the
 * embedded database, in the database itself with Postgres (every process of a deployment reads the
 * same row). Called after the database is open: PGlite must have initialised DATA_DIR first.
 */
export async function resolveServerSecret(
  config: Pick<Config, 'jwtSecret' | 'dataDir' | 'databaseUrl'>,
  db: Db,
  now: number,
): Promise<ServerSecret> {
  if (config.jwtSecret) return { value: config.jwtSecret, source: 'env' }
  if (config.databaseUrl) {
    await storeServerSecret(db, SECRET_NAME, generate(), now)
    const value = await readServerSecret(db, SECRET_NAME)
    if (!value) throw new Error('the generated server secret was not stored')
    return { value, source: 'database' }
  }
  return { value: fileSecret(join(resolve(config.dataDir), SECRET_FILE)), source: 'file' }
}

function fileSecret(path: string): string {
  try {
    // 'wx': only the first start writes it; a second process racing it reads the winner's.
    writeFileSync(path, `${generate()}\n`, { flag: 'wx', mode: 0o600 })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  }
  // A copy restored with looser permissions is tightened: it signs every token.
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600)
  const value = readFileSync(path, 'utf8').trim()
  if (value.length < 32) throw new Error(`${path} does not hold a server secret; remove it to generate one`)
  return value
}

/** A key for one purpose (e.g. 'daily-seed'), so no two uses share the secret itself. */
export function deriveKey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(`word-territory/${purpose}`).digest('hex')
}
