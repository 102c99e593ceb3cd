/** src/main.ts as a separate process, the way it runs in production, with its JSON log lines. */
import { resolve } from 'node:path'
import type { Subprocess } from 'bun'

const MAIN = resolve(import.meta.dir, '../../src/main.ts')

export interface ServerProcess {
  child: Subprocess<'ignore', 'pipe', 'pipe'>
  /** Every JSON line of stdout and stderr so far, in arrival order per stream. */
  records: Record<string, unknown>[]
  /** The first record (already read or still to come) that matches. */
  waitFor(match: (r: Record<string, unknown>) => boolean, ms?: number): Promise<Record<string, unknown>>
}

/** Reads a stream to its end in the background, so a chatty child never blocks on a full pipe. */
function drain(stream: ReadableStream<Uint8Array>, into: Record<string, unknown>[], onLine: () => void) {
  const decoder = new TextDecoder()
  let buffer = ''
  return (async () => {
    for await (const chunk of stream) {
      buffer += decoder.decode(chunk, { stream: true })
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + 1)
        try {
          into.push(JSON.parse(line) as Record<string, unknown>)
        } catch {
          into.push({ msg: 'non-JSON output', line })
        }
        onLine()
      }
    }
  })()
}

export interface SpawnOptions {
  /** Another way to run the server (the compiled binary); default `bun src/main.ts`. */
  command?: string[]
  cwd?: string
  /** How long to wait for the "started" line (a bench on a busy machine may need longer); default 60 s. */
  startTimeoutMs?: number
}

export function spawnMain(env: Record<string, string>, options: SpawnOptions = {}): ServerProcess {
  const child = Bun.spawn(options.command ?? [process.execPath, MAIN], {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH ?? '',
      ...(process.env.DICTIONARIES_DIR ? { DICTIONARIES_DIR: process.env.DICTIONARIES_DIR } : {}),
      ...env,
    },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const records: Record<string, unknown>[] = []
  let wake: () => void = () => {}
  const onLine = () => wake()
  const ended = Promise.all([drain(child.stdout, records, onLine), drain(child.stderr, records, onLine)])
  let done = false
  ended.finally(() => {
    done = true
    wake()
  })

  return {
    child,
    records,
    async waitFor(match, ms = 30_000) {
      const deadline = Date.now() + ms
      for (;;) {
        const found = records.find(match)
        if (found) return found
        if (done) throw new Error(`process output ended; got ${JSON.stringify(records)}`)
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`no matching log line within ${ms} ms; got ${JSON.stringify(records)}`)
        await new Promise<void>((r) => {
          wake = r
          setTimeout(r, Math.min(left, 200))
        })
      }
    },
  }
}

/** Starts main.ts and waits for its "started" line; answers the port it listens on. */
export async function startMain(
  env: Record<string, string>,
  options: SpawnOptions = {},
): Promise<ServerProcess & { port: number }> {
  const proc = spawnMain({ PORT: '0', LOG_LEVEL: 'info', ...env }, options)
  try {
    const started = await proc.waitFor(
      (r) => r.msg === 'started' || r.msg === 'start failed',
      options.startTimeoutMs ?? 60_000,
    )
    if (started.msg !== 'started') throw new Error(`start failed: ${JSON.stringify(started)}`)
    return { ...proc, port: started.port as number }
  } catch (err) {
    proc.child.kill('SIGKILL')
    throw err
  }
}
