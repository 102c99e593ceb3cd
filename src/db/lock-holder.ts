/** Who holds a database (ARCHITECTURE.md "More than one process"), as a refusal names it. */
export interface Holder {
  pid: number
  host: string
  /** ISO time the holding process took the lock. */
  startedAt: string
}

/** A second process on the same database: the start stops with this message. */
export class ProcessLockError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ProcessLockError'
  }
}
