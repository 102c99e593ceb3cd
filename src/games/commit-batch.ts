/**
 * Group commit: the commits of all games that are ready while the database is busy go to it
 * together, in one statement (repo.ts commitGames), instead of one transaction each queueing behind
 * the others. Each live game awaits its own commit: it resolves only once the statement holding it is
 * durable, so the ack that follows never gets ahead of the data. While one batch is being written
 * the next one gathers; an idle batcher writes at the next turn of the event loop, so commits
 * arriving together (one socket read of many frames) still share a write.
 *
 * A batch that fails as a whole (a bad row, the database away) is retried one game at a time, so one
 * bad game fails alone and the others are written. A game found at another version than its commit
 * started from fails alone too (StaleGameError), the others are written in the same statement.
 */
import type { Db } from '../db/client.ts'
import type { Logger } from '../observability/log.ts'
import { type CommitAck, commitGames, type GameCommit, StaleGameError } from './repo.ts'

/** Rows per statement: bounds the statement's size (a snapshot is a few KB of JSON). */
const MAX_BATCH = 256

interface Entry {
  commit: GameCommit
  ack: CommitAck | null
  resolve(): void
  reject(err: unknown): void
}

export interface CommitBatcher {
  /** Resolves once the commit (and its ack, if any) is durable; rejects if it could not be written. */
  submit(commit: GameCommit, ack: CommitAck | null): Promise<void>
}

export interface CommitBatcherOptions {
  /**
   * Batches written at the same time. PGlite runs one statement at a time, so 1; a Postgres pool
   * takes several, and while one batch waits for its flush the next is already on its way.
   */
  writers?: number
}

export function createCommitBatcher(db: Db, log: Logger, options: CommitBatcherOptions = {}): CommitBatcher {
  const writers = Math.max(1, options.writers ?? 1)
  let waiting: Entry[] = []
  let active = 0
  let scheduled = false

  async function writeAlone(entry: Entry): Promise<void> {
    try {
      const written = await commitGames(db, [entry])
      if (written.has(entry.commit.game.id)) entry.resolve()
      else entry.reject(new StaleGameError(entry.commit.game.id, entry.commit.prevTs))
    } catch (err) {
      entry.reject(err)
    }
  }

  async function write(batch: Entry[]): Promise<void> {
    let written: Set<string>
    try {
      written = await commitGames(db, batch)
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err)
      log.warn('a group commit failed: its games are retried one by one', { games: batch.length, err })
      for (const entry of batch) await writeAlone(entry)
      return
    }
    for (const entry of batch) {
      if (written.has(entry.commit.game.id)) entry.resolve()
      else entry.reject(new StaleGameError(entry.commit.game.id, entry.commit.prevTs))
    }
  }

  /** Starts batches while writers are free; each finished batch looks for the next. */
  function drain(): void {
    scheduled = false
    while (waiting.length > 0 && active < writers) {
      const batch = waiting.slice(0, MAX_BATCH)
      waiting = waiting.slice(batch.length)
      active++
      write(batch)
        .catch((err) => {
          for (const entry of batch) entry.reject(err)
        })
        .finally(() => {
          active--
          drain()
        })
    }
  }

  return {
    submit(commit, ack) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ commit, ack, resolve, reject })
        if (active < writers && !scheduled) {
          scheduled = true
          setImmediate(drain)
        }
      })
    },
  }
}
