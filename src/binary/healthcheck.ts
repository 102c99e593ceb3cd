import { parseConfig } from '../config.ts'

/**
 * `word-territory healthcheck`: asks the server on this machine for /api/health; the exit code
 * says whether it answered. For container health checks on images without curl or wget.
 */
export async function healthcheck(env: Record<string, string | undefined>): Promise<number> {
  try {
    // The port the server was given, parsed the way the server parses it (a bad value throws).
    const { port } = parseConfig(env)
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5000) })
    return response.ok ? 0 : 1
  } catch {
    return 1
  }
}
