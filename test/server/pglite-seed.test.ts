/**
 * The embedded database's seed (src/db/seed.ts): a first start on a folder without a cluster
 * unpacks the checkout's tarball instead of running initdb; a folder with a cluster is opened as
 * it is. That the cluster came from the tarball is read off its system identifier, which initdb
 * draws anew every time: the opened cluster's is the one in the tarball's global/pg_control.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { type Database, openDatabase, rowsOf } from '../../src/db/client.ts'
import { checkoutSeed, installedPgliteVersion, SEED_DIR, seedFileName } from '../../src/db/seed.ts'

const root = mkdtempSync(join(tmpdir(), 'wt-seed-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** The system identifier in a gzipped tarball's global/pg_control (its first 8 bytes, little-endian). */
function tarballSystemId(path: string): string {
  const tar = Bun.gunzipSync(readFileSync(path))
  for (let at = 0; at + 512 <= tar.length; ) {
    const name = new TextDecoder().decode(tar.subarray(at, at + 100)).replace(/\0.*$/s, '')
    const size = Number.parseInt(new TextDecoder().decode(tar.subarray(at + 124, at + 136)).trim(), 8) || 0
    if (name.endsWith('global/pg_control'))
      return new DataView(tar.buffer, tar.byteOffset + at + 512, 8).getBigUint64(0, true).toString()
    if (!name) break
    at += 512 + Math.ceil(size / 512) * 512
  }
  throw new Error(`no global/pg_control in ${path}`)
}

async function systemId(database: Database): Promise<string> {
  const rows = rowsOf<{ id: string }>(
    await database.db.execute(sql`select system_identifier::text as id from pg_control_system()`),
  )
  return rows[0].id
}

describe('the PGlite seed', () => {
  test("the checkout holds the installed PGlite's seed, and only that one", () => {
    const expected = seedFileName(installedPgliteVersion())
    // After a PGlite upgrade: `npm run pglite-seed` makes the new one (the first start would run initdb).
    expect(readdirSync(SEED_DIR)).toEqual([expected])
    expect(checkoutSeed()).toBe(join(SEED_DIR, expected))
  })

  test('an empty folder starts from the seed, migrates, and is opened as it is afterwards', async () => {
    const seedId = tarballSystemId(checkoutSeed()!)
    // As the Docker volume is: the folder exists and holds the server's secret, but no cluster.
    const dataDir = join(root, 'db')
    mkdirSync(dataDir)
    writeFileSync(join(dataDir, 'server-secret'), 'x')

    const first = await openDatabase({ dataDir, databaseUrl: null })
    expect(first.created).toBe('seed')
    expect(await systemId(first)).toBe(seedId)
    await first.migrate()
    await first.db.execute(sql`create table kept (name text)`)
    await first.db.execute(sql`insert into kept values ('Seeded')`)
    await first.close()

    const again = await openDatabase({ dataDir, databaseUrl: null })
    try {
      expect(again.created).toBeUndefined()
      expect(await systemId(again)).toBe(seedId)
      expect(rowsOf(await again.db.execute(sql`select name from kept`))).toEqual([{ name: 'Seeded' }])
      // The migrations ran on the unpacked cluster.
      expect(rowsOf(await again.db.execute(sql`select count(*)::int as n from users`))).toEqual([{ n: 0 }])
    } finally {
      await again.close()
    }
  })
})
