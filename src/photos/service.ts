/**
 * The Telegram photo as the default avatar (docs/server.md "Telegram photo"). At a Telegram sign-in
 * the photo Telegram names is copied into our database once (again when Telegram names another, or
 * after a week), and a user without an avatar of their own gets ours: `/api/user/{id}/photo?v=…`.
 * Copied, not linked: pages load images from our origin only (the CSP), and Telegram's links expire.
 */
import { createHash } from 'node:crypto'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../observability/log.ts'
import type { Hub } from '../realtime/hub.ts'
import type { UsersService } from '../users/service.ts'
import { detach } from '../util/timers.ts'
import { findPhoto, photoSource, type StoredPhoto, savePhoto, setDefaultAvatar } from './repo.ts'
import { type Fetcher, fetchPhoto, telegramPhotoUrl } from './source.ts'

/** A photo is fetched again after this long even when Telegram names the same link. */
export const PHOTO_REFRESH_MS = 7 * 86_400_000

/** Where a user's photo is served; the version makes a new photo a new address (cached for good). */
export const photoPath = (userId: string) => `/api/user/${userId}/photo`
export const photoAvatar = (userId: string, hash: string) => `${photoPath(userId)}?v=${hash}`

export interface TelegramPhotosDeps {
  db: Db
  clock: Clock
  log: Logger
  hub: Hub
  /** Telegram's CDN, or a test's stand-in for it. */
  fetch?: Fetcher
}

export function createTelegramPhotos(deps: TelegramPhotosDeps) {
  const { db, clock, log, hub } = deps
  const fetcher: Fetcher = deps.fetch ?? ((url, init) => fetch(url, init))
  /** One copy per user at a time. */
  const inFlight = new Map<string, Promise<void>>()

  async function copy(userId: string, sourceUrl: string): Promise<void> {
    const known = await photoSource(db, userId)
    if (known && known.sourceUrl === sourceUrl && clock() - known.fetchedAt < PHOTO_REFRESH_MS) return
    const photo = await fetchPhoto(sourceUrl, fetcher)
    if (!photo) {
      log.info('telegram photo not taken', { userId })
      return
    }
    const now = clock()
    const hash = createHash('sha256').update(photo.body).digest('hex').slice(0, 16)
    await savePhoto(db, { userId, sourceUrl, ...photo, hash, fetchedAt: now })
    const avatar = photoAvatar(userId, hash)
    if (await setDefaultAvatar(db, userId, avatar, photoPath(userId), now))
      hub.sendToUser(userId, 'user/update', { data: { avatar } })
  }

  return {
    /** After a Telegram sign-in: copies the photo in the background (a failure is only logged). */
    remember(userId: string, rawUrl: string | null | undefined): void {
      const sourceUrl = telegramPhotoUrl(rawUrl)
      if (!sourceUrl || inFlight.has(userId)) return
      const task = copy(userId, sourceUrl).finally(() => inFlight.delete(userId))
      inFlight.set(userId, task)
      detach(log, 'telegram photo', () => task)
    },
    /** Waits for the copies under way (tests, shutdown). */
    settle: () => Promise.allSettled([...inFlight.values()]).then(() => {}),
    get: (userId: string): Promise<StoredPhoto | null> => findPhoto(db, userId),
  }
}

export type TelegramPhotos = ReturnType<typeof createTelegramPhotos>

/** The users service whose Telegram sign-ins also copy the photo Telegram names. */
export function withTelegramPhotos(users: UsersService, photos: TelegramPhotos): UsersService {
  return {
    ...users,
    async signInTelegram(input, ref) {
      const result = await users.signInTelegram(input, ref)
      photos.remember(result.user.id, input.photoUrl)
      return result
    },
  }
}
