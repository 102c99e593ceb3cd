/**
 * The review worker (a Bun Worker thread): reviews run here, one at a time, so the look-ahead over
 * every turn of a game never holds up the server's event loop and the turns played on it.
 */
import { dictionaryLoader, type ReviewJob, type ReviewReply, runReviewJob } from './job.ts'

declare const self: Worker

let loader: ReturnType<typeof dictionaryLoader> | null = null
let loaderDir = ''

self.onmessage = (event: MessageEvent<ReviewJob>) => {
  const job = event.data
  let reply: ReviewReply
  try {
    if (!loader || loaderDir !== job.dictionariesDir) {
      loader = dictionaryLoader(job.dictionariesDir)
      loaderDir = job.dictionariesDir
    }
    reply = { id: job.id, ok: true, outcome: runReviewJob(job, loader) }
  } catch (err) {
    reply = { id: job.id, ok: false, error: err instanceof Error ? err.message : String(err) }
  }
  self.postMessage(reply)
}
