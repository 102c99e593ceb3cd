/**
 * `bun src/main.ts` as a process of its own (the server tests' startMain) on a fresh PGlite folder,
 * or with DATABASE_URL on a fresh database next to the one named there, so a bench can read the
 * server's memory (RSS) apart from its clients' and keep its log lines.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startMain } from '../../test/server/process.ts'
import { scratchDatabase } from './scratch-server.ts'

export interface ServerProcess {
  port: number
  db: 'pglite' | 'postgres'
  /** Every JSON log line so far. */
  records: Record<string, unknown>[]
  /** Resident memory now, in MiB (from /proc). */
  rssMb(): number
  /** CPU time used so far (user + system), in seconds (from /proc). */
  cpuSec(): number
  /** Whether the process is still running. */
  alive(): boolean
  stop(): Promise<void>
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wt-bench-proc-'))
  const { databaseUrl, drop } = await scratchDatabase()
  const proc = await startMain({
    DATA_DIR: join(dataDir, 'db'),
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'bench-secret-bench-secret-bench',
    ...env,
  })
  const { child } = proc
  return {
    port: proc.port,
    db: databaseUrl ? 'postgres' : 'pglite',
    records: proc.records,
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024
    },
    cpuSec() {
      // Fields 14 and 15 of /proc/<pid>/stat, after the command's closing parenthesis: clock ticks.
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ')
      return (Number(fields[11]) + Number(fields[12])) / 100
    },
    alive: () => child.exitCode === null,
    async stop() {
      child.kill('SIGTERM')
      await child.exited
      rmSync(dataDir, { recursive: true, force: true })
      await drop()
    },
  }
}
