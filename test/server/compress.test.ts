/** JSON answers of 1 kB or more are gzipped for clients that take it, and only for them. */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { useServer } from './clients.ts'
import { SERVER_TEST_TIMEOUT_MS } from './harness.ts'

setDefaultTimeout(SERVER_TEST_TIMEOUT_MS)

describe('compressed JSON', () => {
  const s = useServer('pglite')

  const init = (token: string, encoding: string) =>
    fetch(`${s.server().url}/api/init`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
      decompress: false,
    } as RequestInit)

  test('/api/init: gzip when accepted, the same JSON; plain when not; small answers stay plain', async () => {
    const a = await s.player('Squeezed')
    const zipped = await init(a.token, 'gzip, deflate, br')
    expect(zipped.status).toBe(200)
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(zipped.headers.get('vary')).toContain('accept-encoding')
    const packed = new Uint8Array(await zipped.arrayBuffer())
    const unpacked = JSON.parse(new TextDecoder().decode(Bun.gunzipSync(packed)))

    const plain = await init(a.token, 'identity')
    expect(plain.headers.get('content-encoding')).toBeNull()
    const body = await plain.json()
    expect(unpacked.success).toBe(true)
    // The same answer but for what moves with the clock (income accrues by the millisecond).
    expect(Object.keys(unpacked.data).sort()).toEqual(Object.keys(body.data).sort())
    expect(JSON.stringify(unpacked).length).toBeGreaterThan(1024)
    expect(packed.byteLength).toBeLessThan(JSON.stringify(body).length / 2)

    const health = await fetch(`${s.server().url}/api/health`, {
      headers: { 'accept-encoding': 'gzip' },
      decompress: false,
    } as RequestInit)
    expect(health.headers.get('content-encoding')).toBeNull()
  })
})
