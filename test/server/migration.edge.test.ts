/**
 * The data steps of the edge_integrity migration, run on rows written before it: avatars outside
 * the catalogue leave users and stored games (a tracking-pixel URL shown to every opponent), and
 * each payment gets its payer's Telegram id.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { type Database, DEFAULT_MIGRATIONS_FOLDER, openDatabase } from '../../src/db/client.ts'
import { describeBoth, prepareDatabase, type Scratch } from './harness.ts'

const MINE = 'edge_integrity'
const URL_AVATAR = 'https://tracker.example/pixel.gif'
const FOX = 'emoji:🦊'

/** A copy of drizzle/ that stops just before this branch's migration. */
function migrationsBeforeMine(root: string): string {
  const folder = join(root, 'drizzle')
  cpSync(DEFAULT_MIGRATIONS_FOLDER, folder, { recursive: true })
  const path = join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(path, 'utf8')) as { entries: { tag: string }[] }
  const mine = journal.entries.findIndex((e) => e.tag.endsWith(MINE))
  expect(mine).toBeGreaterThan(0)
  journal.entries = journal.entries.slice(0, mine)
  writeFileSync(path, JSON.stringify(journal))
  return folder
}

describeBoth('the edge_integrity migration on existing rows', (kind) => {
  let root: string
  let scratch: Scratch
  let before: Database
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'wt-migration-'))
    // PGlite: a folder never migrated (the suite's template is already at the latest version).
    scratch =
      kind === 'pglite'
        ? { dataDir: join(root, 'db'), databaseUrl: null, dispose: async () => {} }
        : await prepareDatabase('postgres')
    before = await openDatabase(scratch, { migrationsFolder: migrationsBeforeMine(root) })
    await before.migrate()
  })
  afterAll(async () => {
    await scratch.dispose()
    rmSync(root, { recursive: true, force: true })
  })

  test('clears avatars outside the catalogue and fills the payer of each payment', async () => {
    const db = before.db
    // Plain rows, as the tables stood before: no service of today is needed to write them.
    const user = (id: string, nickname: string, avatar: string, tgId: number) =>
      db.execute(sql`insert into users (id, nickname, lang, avatar, tg_id, stats, awards, intercom_slots,
          game_slots, subscription, income, created_at, updated_at)
        values (${id}, ${nickname}, 'en', ${avatar}, ${tgId}, '{}'::jsonb, '{}'::jsonb, '[]'::jsonb, 0,
          '{}'::jsonb, '{}'::jsonb, 1, 1)`)
    const tracker = { id: 'u-tracker' }
    const fox = { id: 'u-fox' }
    await user(tracker.id, 'Tracker', URL_AVATAR, 4242)
    await user(fox.id, 'Fox', FOX, 0)
    await db.execute(sql`insert into payments (telegram_payment_charge_id, user_id, item_id, amount, currency, payload, created_at)
      values ('charge-old', ${tracker.id}, 'coins100', 50, 'XTR', '{}'::jsonb, 1)`)
    const snapshot = JSON.stringify({
      players: [{ user: { id: tracker.id, avatar: URL_AVATAR } }, { user: { id: fox.id, avatar: FOX } }],
    })
    await db.execute(sql`insert into games (id, snapshot, ts, state, type, mode, lang, opponents, created_at, updated_at)
      values ('game-old', ${snapshot}::jsonb, 1, 'over', 'classic', 'pvp', 'en', ${`{${tracker.id},${fox.id}}`}::text[], 1, 1)`)
    await before.close()

    const after = await openDatabase(scratch)
    try {
      await after.migrate()
      // Postgres answers the rows, PGlite {rows}.
      const rows = async (q: ReturnType<typeof sql>) => {
        const result = (await after.db.execute(q)) as unknown as
          | Record<string, unknown>[]
          | { rows: Record<string, unknown>[] }
        return Array.isArray(result) ? result : result.rows
      }
      expect(await rows(sql`select nickname, avatar from users order by nickname`)).toEqual([
        { nickname: 'Fox', avatar: FOX },
        { nickname: 'Tracker', avatar: null },
      ])
      expect(await rows(sql`select payer_tg_id::int as payer from payments`)).toEqual([{ payer: 4242 }])
      const [game] = await rows(sql`select snapshot from games where id = 'game-old'`)
      const players = (game as { snapshot: { players: { user: { avatar: string | null } }[] } }).snapshot
        .players
      expect(players.map((p) => p.user.avatar)).toEqual([null, FOX])
    } finally {
      await after.close()
    }
  })
})
