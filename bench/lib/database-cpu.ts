/**
 * CPU time of the Postgres backends serving one database (bench/load.ts): their pids from
 * pg_stat_activity, their user + system time from /proc. Postgres runs on this same machine, so
 * the work a turn costs the database is measured too, not only the server's. With PGlite ('' URL)
 * the database runs inside the server and this reads 0.
 */
import { readFileSync } from 'node:fs'
import postgres from 'postgres'

export interface DatabaseCpu {
  /** CPU seconds so far of each backend of the database now. */
  sample(): Promise<Map<number, number>>
  close(): Promise<void>
}

/** CPU seconds between two samples; a backend that began in between counts from 0. */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0
  for (const [pid, sec] of after) sum += sec - (before.get(pid) ?? 0)
  return sum
}

function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0 // not on this machine, or gone
  }
}

export async function databaseCpu(databaseUrl: string): Promise<DatabaseCpu> {
  if (!databaseUrl) return { sample: async () => new Map(), close: async () => {} }
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  const name = new URL(databaseUrl).pathname.slice(1)
  return {
    async sample() {
      const rows =
        await admin`select pid from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`
      return new Map(rows.map((r) => [Number(r.pid), cpuOf(Number(r.pid))]))
    },
    close: () => admin.end({ timeout: 5 }),
  }
}
