/**
 * JSON answers of 1 kB or more go gzipped to clients that take it (/api/init is ~7 kB; a game
 * view and the rating list are more). Pages and assets compress themselves (src/pages).
 */
import { Elysia } from 'elysia'

const MIN_BYTES = 1024

/** Whether an Accept-Encoding header takes gzip (pages, assets and JSON ask the same way). */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  return /\bgzip\b/.test(acceptEncoding ?? '')
}

export function compressPlugin() {
  return new Elysia({ name: 'compress' }).mapResponse({ as: 'global' }, ({ responseValue, request, set }) => {
    if (responseValue === null || typeof responseValue !== 'object') return
    if (
      responseValue instanceof Response ||
      responseValue instanceof Blob ||
      ArrayBuffer.isView(responseValue)
    )
      return
    if (!acceptsGzip(request.headers.get('accept-encoding'))) return
    const text = JSON.stringify(responseValue)
    if (text === undefined || text.length < MIN_BYTES) return
    set.headers['content-type'] = 'application/json; charset=utf-8'
    set.headers['content-encoding'] = 'gzip'
    set.headers.vary = 'accept-encoding'
    return new Response(Bun.gzipSync(text), {
      status: typeof set.status === 'number' ? set.status : 200,
      headers: set.headers as Record<string, string>,
    })
  })
}
