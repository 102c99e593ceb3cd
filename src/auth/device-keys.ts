import { createHash, randomBytes } from 'node:crypto'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/client.ts'
import { newId } from '../db/ids.ts'
import { deleteDeviceKeys, findDeviceKey, insertDeviceKey, touchDeviceKey } from './repo.ts'

/** 32 random bytes, base64url: what a browser holds (cookie `device`) and a client may send back. */
export const DEVICE_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/

export interface DeviceKey {
  id: string
  key: string
}

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex')

/**
 * The keys that let a browser sign in to a web account again by its nickname. Only hashes are
 * stored; a key is shown once, when it is made.
 */
export function createDeviceKeys(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps
  return {
    async issue(uid: string): Promise<DeviceKey> {
      const now = clock()
      const key = randomBytes(32).toString('base64url')
      const id = newId(now)
      await insertDeviceKey(db, { id, userId: uid, keyHash: hashOf(key), createdAt: now, lastUsedAt: now })
      return { id, key }
    },

    /** The first of these keys that belongs to the user's account. */
    async find(uid: string, keys: readonly string[]): Promise<DeviceKey | null> {
      const valid = keys.filter((key) => DEVICE_KEY_PATTERN.test(key))
      const row = await findDeviceKey(db, uid, valid.map(hashOf))
      return row ? { id: row.id, key: valid.find((key) => hashOf(key) === row.keyHash) as string } : null
    },

    /** Marks a key used (a sign-in with it succeeded). */
    used: (id: string) => touchDeviceKey(db, id, clock()),

    revoke(uid: string, ids: readonly string[]): Promise<void> {
      return deleteDeviceKeys(db, uid, { ids })
    },

    /** Every key of the user except `keep` (null: every key). */
    revokeAllBut(uid: string, keep: string | null): Promise<void> {
      return deleteDeviceKeys(db, uid, { allBut: keep })
    },
  }
}

export type DeviceKeys = ReturnType<typeof createDeviceKeys>
