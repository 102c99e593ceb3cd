/**
 * `bun src/main.ts` as a process of its own (the server tests' startMain) on a fresh PGlite folder,
 * or with DATABASE_URL on a fresh database next to the one named there, so a bench can read the
 * server's memory (RSS) and CPU apart from its clients' and keep its log lines. It can be killed
 * (SIGKILL) and started again on the same database (bench/load.ts --crash).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { type ServerProcess as MainProcess, startMain } from '../../test/server/process.ts'
import { scratchDatabase } from './scratch-server.ts'

const MAIN = resolve(import.meta.dir, '../../src/main.ts')

export interface ServerProcess {
  port: number
  db: 'pglite' | 'postgres'
  /** The scratch database's URL with Postgres, '' with PGlite. */
  databaseUrl: string
  /** Every JSON log line so far. */
  records: Record<string, unknown>[]
  /** Resident memory now, in MiB (from /proc). */
  rssMb(): number
  /** CPU time used so far (user + system), in seconds (from /proc). */
  cpuSec(): number
  /** Whether the process is still running. */
  alive(): boolean
  /** SIGKILL: no shutdown at all. */
  kill(): Promise<void>
  /** Starts the server again on the same database (after kill). */
  restart(): Promise<void>
  stop(): Promise<void>
}

export interface ServerProcessOptions {
  /** Flags for bun before the script, e.g. --cpu-prof. */
  bunFlags?: string[]
}

export async function startServerProcess(
  env: Record<string, string>,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wt-bench-proc-'))
  const { databaseUrl, drop } = await scratchDatabase()
  const launch = () =>
    startMain(
      {
        DATA_DIR: join(dataDir, 'db'),
        DATABASE_URL: databaseUrl,
        JWT_SECRET: 'bench-secret-bench-secret-bench',
        ...env,
      },
      {
        startTimeoutMs: 300_000,
        ...(options.bunFlags ? { command: [process.execPath, ...options.bunFlags, MAIN] } : {}),
      },
    )
  let proc: MainProcess & { port: number } = await launch()
  const server: ServerProcess = {
    port: proc.port,
    db: databaseUrl ? 'postgres' : 'pglite',
    databaseUrl,
    records: proc.records,
    rssMb() {
      const status = readFileSync(`/proc/${proc.child.pid}/status`, 'utf8')
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024
    },
    cpuSec() {
      // Fields 14 and 15 of /proc/<pid>/stat, after the command's closing parenthesis: clock ticks.
      const fields = readFileSync(`/proc/${proc.child.pid}/stat`, 'utf8').split(') ')[1].split(' ')
      return (Number(fields[11]) + Number(fields[12])) / 100
    },
    alive: () => proc.child.exitCode === null,
    async kill() {
      proc.child.kill('SIGKILL')
      await proc.child.exited
    },
    async restart() {
      proc = await launch()
      server.port = proc.port
      server.records = proc.records
    },
    async stop() {
      proc.child.kill('SIGTERM')
      await proc.child.exited
      rmSync(dataDir, { recursive: true, force: true })
      await drop()
    },
  }
  return server
}
