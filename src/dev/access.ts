import { Elysia } from 'elysia'
import type { Core } from '../core.ts'
import { unauthorized } from '../http/envelope.ts'
import { unwrap } from '../http/refusals.ts'
import { accept, type Outcome, refuse } from '../refusal.ts'

/**
 * SPEC.md §4: a developer is a user whose Telegram id is in the configured list (DEV_TG_IDS).
 * Web accounts (tgId 0) never are, whatever the list holds.
 */
export function isDeveloper(user: { tgId: number } | null, devTgIds: ReadonlySet<number>): boolean {
  return user !== null && user.tgId !== 0 && devTgIds.has(user.tgId)
}

/** Refused (FORBIDDEN, 403) unless `uid` is a developer's. */
export async function checkDeveloper(
  core: Pick<Core, 'users' | 'config'>,
  uid: string,
): Promise<Outcome<void>> {
  return isDeveloper(await core.users.get(uid), core.config.devTgIds)
    ? accept(undefined)
    : refuse('FORBIDDEN', 'Developers only')
}

/**
 * `{ developer: true }` on a route: 401 without a valid token, 403 for anyone but a developer,
 * and the handler gets `uid`.
 */
export function developerGuard(core: Pick<Core, 'tokens' | 'users' | 'config'>) {
  return new Elysia({ name: 'developer-guard' }).macro({
    developer: {
      async resolve({ headers }) {
        const verified = await core.tokens.fromHeader(headers.authorization)
        if (!verified) throw unauthorized()
        unwrap(await checkDeveloper(core, verified.uid))
        return { uid: verified.uid }
      },
    },
  })
}
