import { badRequest, payloadTooLarge } from '../http/envelope.ts'

/**
 * An Elysia `parse` for JSON bodies of at most `maxBytes`: the size is checked (declared and read)
 * before anything is parsed, so a hostile client cannot make the server parse megabytes.
 */
export function limitedJson(maxBytes: number, tooLarge: string) {
  return async ({ request }: { request: Request }): Promise<unknown> => {
    const declared = Number(request.headers.get('content-length') ?? 0)
    if (declared > maxBytes) throw payloadTooLarge(tooLarge)
    const bytes = await request.arrayBuffer()
    if (bytes.byteLength > maxBytes) throw payloadTooLarge(tooLarge)
    try {
      return JSON.parse(new TextDecoder().decode(bytes))
    } catch {
      throw badRequest('Malformed JSON')
    }
  }
}
