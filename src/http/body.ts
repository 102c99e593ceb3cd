/**
 * The one body parser of the API (a global onParse hook, so it runs before any route's own):
 * bytes must be valid UTF-8 and every decoded string clean (clean-text.ts), or the answer is 400
 * before a route sees anything. A route may have a smaller size cap than the server's 1 MiB.
 */

import { decodeUrlPart, decodeUtf8, findUncleanText } from './clean-text.ts'
import { badRequest, payloadTooLarge } from './envelope.ts'

export interface BodyOptions {
  /** Route pattern → largest body in bytes (e.g. '/api/logs' → 8 KiB). */
  limits?: ReadonlyMap<string, number>
}

interface ParseContext {
  request: Request
  contentType: string
  route: string
}

/** The parse hook; undefined leaves a body without text (octet-stream, none) to Elysia. */
export function parseBody(options: BodyOptions = {}) {
  return async ({ request, contentType, route }: ParseContext): Promise<unknown> => {
    const type = contentType.toLowerCase()
    // Nothing to read (an empty body is Elysia's to judge: fine when the route's body is optional).
    if (!request.body || request.headers.get('content-length') === '0' || type === 'application/octet-stream')
      return undefined
    if (type === 'multipart/form-data') throw badRequest('Send JSON (application/json)')
    const limit = options.limits?.get(route)
    const bytes = await readBytes(request, limit)
    if (bytes.byteLength === 0) throw badRequest('Empty body')
    const text = decodeUtf8(bytes)
    if (text === null) throw badRequest('The body is not valid UTF-8')
    const value = type === 'application/x-www-form-urlencoded' ? formFields(text) : parseText(type, text)
    const unclean = findUncleanText(value)
    if (unclean !== null) throw badRequest(`Text at ${unclean} holds a NUL or invalid Unicode`)
    return value
  }
}

function parseText(type: string, text: string): unknown {
  if (type !== 'application/json' && !type.endsWith('+json')) return text
  try {
    return JSON.parse(text)
  } catch {
    throw badRequest('Malformed JSON')
  }
}

/** As Elysia reads a form: a repeated field becomes a list. */
function formFields(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = Object.create(null)
  for (const pair of text.split('&')) {
    if (!pair) continue
    const eq = pair.indexOf('=')
    const key = decodeUrlPart((eq < 0 ? pair : pair.slice(0, eq)).replaceAll('+', ' '))
    const value = decodeUrlPart(eq < 0 ? '' : pair.slice(eq + 1).replaceAll('+', ' '))
    if (key === null || value === null) throw badRequest('A form field holds a NUL or invalid UTF-8')
    const had = fields[key]
    fields[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value]
  }
  return fields
}

async function readBytes(request: Request, limit: number | undefined): Promise<Uint8Array> {
  if (limit === undefined) return new Uint8Array(await request.arrayBuffer())
  const bytes = await readCapped(request.body, request.headers.get('content-length'), limit)
  if (!bytes) throw payloadTooLarge(`This body is limited to ${Math.floor(limit / 1024)} KB`)
  return bytes
}

/**
 * A body read to its end, or null once it is over `limit` bytes: a declared length over it is not
 * read at all, and a body without one is read only as far as the cap.
 */
export async function readCapped(
  stream: ReadableStream<Uint8Array> | null,
  contentLength: string | null,
  limit: number,
): Promise<Uint8Array | null> {
  if (Number(contentLength ?? 0) > limit) {
    await stream?.cancel().catch(() => {})
    return null
  }
  if (!stream) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = stream.getReader()
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => {})
      return null
    }
    chunks.push(part.value)
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return bytes
}
