import type { Db } from '../db/client.ts'
import type { Logger } from '../observability/log.ts'
import { nicknameKey } from './nickname.ts'
import { findWebUsersWithoutKey, setNicknameKey } from './repo.ts'

const BATCH = 500

/**
 * Web accounts made before nickname keys signed in by their exact nickname, so two of them may
 * differ only in case or look-alike letters. Each gets its key, oldest first; a later account whose
 * key is taken is renamed "<name> 2" (3, …) so every web account keeps a name of its own. Their
 * players keep playing with their tokens; only the shown name changes.
 */
export async function backfillNicknameKeys(db: Db, log: Logger): Promise<void> {
  let renamed = 0
  for (;;) {
    const batch = await findWebUsersWithoutKey(db, BATCH)
    if (batch.length === 0) break
    for (const user of batch) {
      const nickname = await assignKey(db, user.id, user.nickname)
      if (nickname !== user.nickname) {
        renamed++
        log.warn('nickname taken by an older account: renamed', {
          uid: user.id,
          from: user.nickname,
          to: nickname,
        })
      }
    }
  }
  if (renamed > 0) log.info('nickname keys given to older accounts', { renamed })
}

async function assignKey(db: Db, id: string, nickname: string): Promise<string> {
  for (let n = 1; n <= 10_000; n++) {
    const suffix = n === 1 ? '' : ` ${n}`
    const candidate = `${nickname.trim().slice(0, 24 - suffix.length)}${suffix}`
    if (await setNicknameKey(db, id, candidate, nicknameKey(candidate))) return candidate
  }
  throw new Error(`no free nickname key for user ${id}`)
}
