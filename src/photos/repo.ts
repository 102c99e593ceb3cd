import { eq, isNull, like, or } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { telegramPhotos, users } from '../db/schema/index.ts'
import { updateUser } from '../users/repo.ts'

export interface StoredPhoto {
  userId: string
  sourceUrl: string
  contentType: string
  body: Uint8Array
  hash: string
  fetchedAt: number
}

export async function findPhoto(ex: Executor, userId: string): Promise<StoredPhoto | null> {
  const rows = await ex.select().from(telegramPhotos).where(eq(telegramPhotos.userId, userId)).limit(1)
  return rows[0] ?? null
}

/** When and from where a user's photo was fetched (no body). */
export async function photoSource(
  ex: Executor,
  userId: string,
): Promise<{ sourceUrl: string; fetchedAt: number } | null> {
  const rows = await ex
    .select({ sourceUrl: telegramPhotos.sourceUrl, fetchedAt: telegramPhotos.fetchedAt })
    .from(telegramPhotos)
    .where(eq(telegramPhotos.userId, userId))
    .limit(1)
  return rows[0] ?? null
}

export async function savePhoto(ex: Executor, photo: StoredPhoto): Promise<void> {
  const { userId, ...rest } = photo
  await ex
    .insert(telegramPhotos)
    .values(photo)
    .onConflictDoUpdate({ target: telegramPhotos.userId, set: rest })
}

/**
 * Makes `avatar` the user's avatar unless they chose one of their own: only an empty avatar or an
 * earlier photo of ours (`ownPrefix`) is replaced. Answers whether it changed.
 */
export const setDefaultAvatar = (
  ex: Executor,
  userId: string,
  avatar: string,
  ownPrefix: string,
  now: number,
): Promise<boolean> =>
  updateUser(
    ex,
    userId,
    { avatar, updatedAt: now },
    or(isNull(users.avatar), like(users.avatar, `${ownPrefix}%`)),
  )
