import { eq } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { serverSecrets } from '../db/schema/index.ts'

/** Stores the value unless one is already there (the first process to start wins). */
export async function storeServerSecret(
  ex: Executor,
  name: string,
  value: string,
  now: number,
): Promise<void> {
  await ex.insert(serverSecrets).values({ name, value, createdAt: now }).onConflictDoNothing()
}

export async function readServerSecret(ex: Executor, name: string): Promise<string | null> {
  const [row] = await ex
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name))
    .limit(1)
  return row?.value ?? null
}
