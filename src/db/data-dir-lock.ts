/**
 * One process per embedded database: `DATA_DIR/server.lock` names the process that holds the
 * folder (pid, host, start time, a random token). It is created exclusively, touched every
 * HEARTBEAT_MS while held, and removed on a clean stop. A lock left by a process that is gone is
 * stale and taken over: on this host when its pid no longer runs (or is our own pid, as after a
 * container restart, while this process does not hold it), on any host when it has not been
 * touched for STALE_AFTER_MS (a killed process on another machine sharing the folder).
 */
import { randomBytes } from 'node:crypto'
import {
  closeSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs'
import { hostname } from 'node:os'
import { join, resolve } from 'node:path'
import { type Holder, ProcessLockError } from './lock-holder.ts'

export const LOCK_FILE = 'server.lock'
export const HEARTBEAT_MS = 10_000
export const STALE_AFTER_MS = 6 * HEARTBEAT_MS

interface LockFile extends Holder {
  token: string
}

const UNKNOWN_HOLDER: Holder = { pid: 0, host: '?', startedAt: '?' }

/** Folders locked by this process: another lock of the same folder in this process is refused too. */
const heldHere = new Set<string>()

export interface DataDirLock {
  path: string
  holder: Holder
  /** One heartbeat now: touches the file, or reports the lock lost (it runs every HEARTBEAT_MS). */
  check(): void
  /** Stops the heartbeat and removes the file if it is still ours. */
  release(): void
}

export interface DataDirLockOptions {
  /** Called when the file is gone or names another process (someone broke the lock). */
  onLost(message: string): void
}

/** Takes the folder's lock or throws ProcessLockError naming the holder. */
export function lockDataDir(dataDir: string, options: DataDirLockOptions): DataDirLock {
  // Wall time, as the file system's: never a test's fake clock.
  const now = Date.now
  const dir = resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  const path = join(dir, LOCK_FILE)
  const mine: LockFile = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date(now()).toISOString(),
    token: randomBytes(12).toString('hex'),
  }
  if (heldHere.has(path)) throw new ProcessLockError(refusal(dir, path, mine, 'this process'))

  for (let attempt = 0; !createExclusive(path, mine); attempt++) {
    const found = readLock(path)
    if (attempt >= 5) throw new ProcessLockError(refusal(dir, path, found ?? UNKNOWN_HOLDER))
    // Gone between the two calls (its holder stopped): simply try again.
    if (!found) continue
    if (!isStale(path, found, now())) throw new ProcessLockError(refusal(dir, path, found))
    breakStale(path, found)
  }
  heldHere.add(path)

  let lost = false
  const check = () => {
    if (lost) return
    try {
      const current = readLock(path)
      if (current?.token === mine.token) {
        const at = new Date(now())
        utimesSync(path, at, at)
        return
      }
      lost = true
      clearInterval(beat)
      options.onLost(
        current
          ? `the lock ${path} now names another process (pid ${current.pid} on host ${current.host})`
          : `the lock ${path} was removed`,
      )
    } catch {
      // A disk hiccup: the next beat tries again; staleness needs several missed beats.
    }
  }
  const beat = setInterval(check, HEARTBEAT_MS)
  beat.unref?.()

  return {
    path,
    holder: { pid: mine.pid, host: mine.host, startedAt: mine.startedAt },
    check,
    release() {
      clearInterval(beat)
      heldHere.delete(path)
      try {
        if (readLock(path)?.token === mine.token) unlinkSync(path)
      } catch {
        // Already gone.
      }
    },
  }
}

function refusal(dataDir: string, path: string, holder: Holder, who?: string): string {
  const name = who ?? `pid ${holder.pid} on host ${holder.host}, started ${holder.startedAt}`
  return (
    `DATA_DIR ${dataDir} is in use by another server (${name}): one process per embedded database. ` +
    `Stop that process first; if it is gone for sure, delete ${path}.`
  )
}

/** `io()`'s value, or undefined when it failed with the errno `code`; any other failure is thrown on. */
function unlessErrno<T>(code: 'EEXIST' | 'ENOENT', io: () => T): T | undefined {
  try {
    return io()
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === code) return undefined
    throw err
  }
}

function createExclusive(path: string, content: LockFile): boolean {
  const fd = unlessErrno('EEXIST', () => openSync(path, 'wx'))
  if (fd === undefined) return false
  try {
    writeSync(fd, JSON.stringify(content))
  } finally {
    closeSync(fd)
  }
  return true
}

function readLock(path: string): LockFile | null {
  const text = unlessErrno('ENOENT', () => readFileSync(path, 'utf8'))
  if (text === undefined) return null
  try {
    const parsed = JSON.parse(text) as Partial<LockFile>
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string' && typeof parsed.token === 'string')
      return {
        pid: parsed.pid,
        host: parsed.host,
        startedAt: String(parsed.startedAt ?? ''),
        token: parsed.token,
      }
  } catch {
    // Fall through: a half-written or foreign file.
  }
  // Unreadable content (a crash while writing it): judged by its age alone.
  return { pid: 0, host: '?', startedAt: '?', token: `unreadable:${text}` }
}

function isStale(path: string, lock: LockFile, now: number): boolean {
  try {
    if (now - statSync(path).mtimeMs > STALE_AFTER_MS) return true
  } catch {
    return false // gone: the next attempt will create it
  }
  if (lock.host !== hostname()) return false
  // Our own pid: a process before us (a container restarted as pid 1); we are not holding it.
  if (lock.pid === process.pid) return true
  return lock.pid > 0 && !isRunning(lock.pid)
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Moves the stale file aside, then checks that what was moved is what was judged stale: a racing
 * process may have broken it and written its own in between, which is then put back.
 */
function breakStale(path: string, stale: LockFile): void {
  const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`
  try {
    renameSync(path, aside)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
    throw err
  }
  const moved = readLock(aside)
  if (moved && moved.token !== stale.token && !existsSync(path)) {
    try {
      linkSync(aside, path) // never overwrites: fails if a third one got there
    } catch {
      // The third one holds it now.
    }
  }
  unlinkSync(aside)
}
