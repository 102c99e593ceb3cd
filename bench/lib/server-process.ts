/**
 * `bun src/main.ts` as a process of its own on a fresh PGlite folder (the server tests' startMain),
 * so a bench can read the server's memory (RSS) apart from its clients' and keep its log lines.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startMain } from '../../test/server/process.ts'

export interface ServerProcess {
  port: number
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
  const proc = await startMain({
    DATA_DIR: join(dataDir, 'db'),
    JWT_SECRET: 'bench-secret-bench-secret-bench',
    ...env,
  })
  const { child } = proc
  return {
    port: proc.port,
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
    },
  }
}
