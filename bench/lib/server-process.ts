/**
 * `bun src/main.ts` as a process of its own on a fresh PGlite folder, so a bench can read the
 * server's memory (RSS) apart from its clients' and keep its JSON log lines.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const MAIN = resolve(import.meta.dir, '../../src/main.ts')

export interface ServerProcess {
  port: number
  pid: number
  /** Every JSON log line so far. */
  records: Record<string, unknown>[]
  /** Resident memory now, in MiB (from /proc). */
  rssMb(): number
  /** Whether the process is still running. */
  alive(): boolean
  stop(): Promise<void>
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wt-bench-proc-'))
  const child = Bun.spawn([process.execPath, MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      DATA_DIR: join(dataDir, 'db'),
      JWT_SECRET: 'bench-secret-bench-secret-bench',
      ...(process.env.DICTIONARIES_DIR ? { DICTIONARIES_DIR: process.env.DICTIONARIES_DIR } : {}),
      ...env,
    },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const records: Record<string, unknown>[] = []
  const read = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder()
    let buffer = ''
    for await (const chunk of stream) {
      buffer += decoder.decode(chunk, { stream: true })
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + 1)
        try {
          records.push(JSON.parse(line))
        } catch {
          records.push({ level: 'error', msg: 'non-JSON output', line })
        }
      }
    }
  }
  void read(child.stdout)
  void read(child.stderr)

  const deadline = Date.now() + 60_000
  let started: Record<string, unknown> | undefined
  while (!started) {
    started = records.find((r) => r.msg === 'started')
    if (child.exitCode !== null) throw new Error(`server exited: ${JSON.stringify(records.slice(-5))}`)
    if (Date.now() > deadline) throw new Error('server did not start within 60 s')
    await Bun.sleep(50)
  }
  return {
    port: Number(started.port),
    pid: child.pid,
    records,
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN)
      return kb / 1024
    },
    alive: () => child.exitCode === null,
    async stop() {
      child.kill('SIGTERM')
      await child.exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
