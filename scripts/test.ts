// `npm test`: lint, types and the whole suite, side by side (docs/testing.md). The suite runs in
// WORKERS processes, slowest files first (test/timings.json); lint's and tsc's output is shown
// after it. Arguments go to `bun test` (e.g. `--update-timings`, or files). Fails if any part fails.
import { statfsSync } from 'node:fs'
import { resolve } from 'node:path'

const ROOT = resolve(import.meta.dir, '..')

/**
 * Worker processes. The suite is CPU-bound on two cores; more workers than cores still pays
 * because many files wait on real processes, sockets and timers: with four the cores still idled
 * ~7% of the run, five fill it, six and eight add more first-file start-up than they fill
 * (measured: docs/testing.md).
 */
const WORKERS = Number(process.env.TEST_WORKERS ?? 5)

/**
 * A test's time limit in the parallel run: side by side on a loaded machine a test takes several
 * times as long as alone, past Bun's 5 s. Files with servers set their own (harness.ts).
 */
const TIMEOUT_MS = 30_000

/**
 * Scratch databases, Chromium profiles and builds go to memory when /dev/shm has room (a copy of
 * the PGlite template and its writes cost half the system time on disk); else the usual tmpdir.
 */
function scratchDir(): Record<string, string> {
  if (process.env.TMPDIR) return {}
  try {
    const fs = statfsSync('/dev/shm')
    return fs.bavail * fs.bsize > 4 * 1024 ** 3 ? { TMPDIR: '/dev/shm' } : {}
  } catch {
    return {}
  }
}

const env = { ...process.env, ...scratchDir() }
const bun = process.execPath
/** Runs a check with its output held (read as it comes, so a full pipe never blocks it). */
function check(name: string) {
  const proc = Bun.spawn([bun, 'run', name], { cwd: ROOT, env, stdout: 'pipe', stderr: 'pipe' })
  const output = Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()])
  return { name, exited: proc.exited, output }
}
const checks = [check('lint'), check('typecheck')]
const suite = Bun.spawn(
  [
    bun,
    'test',
    `--parallel=${WORKERS}`,
    // A worker keeps its modules across the files it runs: the app, React, PGlite's WebAssembly
    // and the word lists load once per worker, not once per file (a quarter of the suite's CPU).
    // The suites were written to share a process (test/web/dom.ts puts its globals back).
    '--no-isolate',
    '--timings=test/timings.json',
    `--timeout=${TIMEOUT_MS}`,
    ...process.argv.slice(2),
  ],
  { cwd: ROOT, env, stdio: ['inherit', 'inherit', 'inherit'] },
)

let failed = (await suite.exited) !== 0
for (const { name, exited, output } of checks) {
  const code = await exited
  const said = code === 0 ? '' : (await output).join('')
  process.stdout.write(`\n--- ${name}: ${code === 0 ? 'ok' : `failed (${code})`}\n${said}`)
  failed ||= code !== 0
}
process.exit(failed ? 1 : 0)
