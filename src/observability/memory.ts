/**
 * A floor under the garbage collector. The embedded database's WebAssembly memory counts as a
 * gigabyte of heap for JavaScriptCore, which then waits for hundreds of MB of garbage before a
 * full collection: a client flood that makes garbage fast (and is refused, so nothing stays live)
 * would still grow the process by that much. So: twice a second the resident size is read, and when
 * it has grown by `slackMb` since the last collection, one full collection runs (tens of ms, only
 * under such a flood; in normal play the growth never comes).
 */
import type { Logger } from './log.ts'

export function governMemory(options: { log: Logger; slackMb?: number; everyMs?: number }): () => void {
  const slack = (options.slackMb ?? 48) * 1024 * 1024
  let floor = process.memoryUsage.rss()
  const timer = setInterval(() => {
    try {
      const rss = process.memoryUsage.rss()
      if (rss < floor) floor = rss
      if (rss - floor < slack) return
      const started = performance.now()
      Bun.gc(true)
      floor = process.memoryUsage.rss()
      options.log.debug('full collection after growth', {
        grewMb: Math.round((rss - floor) / 1048576),
        ms: Math.round(performance.now() - started),
      })
    } catch (err) {
      options.log.error('memory check failed', { err })
    }
  }, options.everyMs ?? 500)
  timer.unref()
  return () => clearInterval(timer)
}
