/**
 * "Never touch `db` inside a transaction", enforced. Code running inside `db.transaction(fn)` must
 * use the transaction's handle for every query. A query on the database handle beside it waits
 * forever on PGlite (one connection: the query waits for the transaction, the transaction for the
 * query) and on Postgres runs outside the transaction (unseen by it, blind to its rows, and able to
 * wait on its row locks). The guard makes such a query, or a second `db.transaction` opened from
 * inside one, fail at once with DbInTransactionError instead, on both drivers, in tests and in
 * production alike: a loud failure beats a database frozen for good.
 *
 * How: the database handle's session runs each transaction callback in an async context; a query
 * prepared on that same session (not the transaction's own) while that context's transaction is
 * still open is refused. Work that merely started inside the callback and runs after the commit
 * (a push, a log) is free again.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

export class DbInTransactionError extends Error {
  constructor(what: string) {
    super(
      `${what} on the database handle inside a transaction: use the transaction's handle (tx) for every query in it`,
    )
    this.name = 'DbInTransactionError'
  }
}

interface OpenTransaction {
  open: boolean
}

/** The part of Drizzle's PgSession the guard wraps (both drivers' sessions have these). */
interface GuardedSession {
  prepareQuery(...args: unknown[]): unknown
  transaction(fn: (tx: unknown) => Promise<unknown>, config?: unknown): Promise<unknown>
}

const GUARDED = Symbol('transaction guard')

/** Installs the guard on a Drizzle database handle (idempotent). Returns the same handle. */
export function guardTransactions<T extends object>(db: T): T {
  const session = (db as unknown as { session: GuardedSession & { [GUARDED]?: true } }).session
  if (session[GUARDED]) return db
  const context = new AsyncLocalStorage<OpenTransaction>()
  const insideOne = () => context.getStore()?.open === true

  const prepareQuery = session.prepareQuery.bind(session)
  session.prepareQuery = (...args: unknown[]) => {
    if (insideOne()) throw new DbInTransactionError('A query')
    return prepareQuery(...args)
  }

  const transaction = session.transaction.bind(session)
  session.transaction = (fn, config) => {
    if (insideOne()) return Promise.reject(new DbInTransactionError('A second transaction'))
    const marker: OpenTransaction = { open: true }
    return context.run(marker, () =>
      transaction(async (tx) => {
        try {
          return await fn(tx)
        } finally {
          marker.open = false
        }
      }, config),
    )
  }
  session[GUARDED] = true
  return db
}
