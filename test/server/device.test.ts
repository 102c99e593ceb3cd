import { describe, expect, test } from 'bun:test'
import { deviceCookieHeader, readDeviceKeys, updateDeviceKeys } from '../../src/auth/device-cookie.ts'
import { deviceLabel } from '../../src/auth/device-label.ts'

const key = (c: string) => c.repeat(43)

describe('the device cookie', () => {
  test('holds up to five keys, newest first; junk is ignored', () => {
    const header = `other=1; device=${key('a')}.not-a-key.${key('b')}; x=y`
    expect(readDeviceKeys(header)).toEqual([key('a'), key('b')])
    expect(readDeviceKeys(undefined)).toEqual([])
    let keys: string[] = []
    for (const c of 'abcdefg') keys = updateDeviceKeys(keys, { add: key(c) })
    expect(keys).toEqual(['g', 'f', 'e', 'd', 'c'].map(key))
    expect(updateDeviceKeys(keys, { add: key('d') })[0]).toBe(key('d'))
    expect(updateDeviceKeys(keys, { drop: key('e') })).toEqual(['g', 'f', 'd', 'c'].map(key))
  })

  test('is HttpOnly and SameSite=Lax, Secure only over https, removed when empty', () => {
    const plain = deviceCookieHeader([key('a')], 'http://localhost:3000')
    expect(plain).toBe(`device=${key('a')}; Max-Age=34560000; Path=/api/auth; HttpOnly; SameSite=Lax`)
    expect(deviceCookieHeader([key('a')], 'https://game.example')).toEndWith('; Secure')
    expect(deviceCookieHeader([], null)).toStartWith('device=; Max-Age=0;')
  })
})

describe('device labels', () => {
  test.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari · iPhone',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge · Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox · Linux'],
    ['curl/8.5.0', ''],
    [undefined, ''],
  ])('%p → %p', (ua, label) => {
    expect(deviceLabel(ua)).toBe(label)
  })
})
