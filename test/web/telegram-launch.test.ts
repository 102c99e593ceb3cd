import { describe, expect, test } from 'bun:test'
import { TMA_HINT_COOKIE } from '../../shared/telegram.ts'
import { captureLaunchParams, parseLaunchParams } from '../../web/telegram/launch.ts'
import { recordingJar } from './jar.ts'

const INIT_DATA =
  'query_id=AAE&user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Ann%22%7D&auth_date=1700000000&start_param=room-7&hash=abc'
const HASH = `#tgWebAppData=${encodeURIComponent(INIT_DATA)}&tgWebAppVersion=8.0&tgWebAppPlatform=ios&tgWebAppThemeParams=${encodeURIComponent('{"bg_color":"#ffffff","n":1}')}`

function memorySession() {
  const data = new Map<string, string>()
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  }
}

describe('Telegram launch parameters', () => {
  test('come from the URL hash, init data intact for the server check', () => {
    const p = parseLaunchParams(HASH)
    expect(p?.initData).toBe(INIT_DATA)
    expect(p?.version).toBe('8.0')
    expect(p?.platform).toBe('ios')
    expect(p?.themeParams).toEqual({ bg_color: '#ffffff' })
    expect(p?.startParam).toBe('room-7')
  })

  test('the start parameter of the query wins over the one in init data', () => {
    expect(parseLaunchParams(HASH, '?tgWebAppStartParam=ref-1')?.startParam).toBe('ref-1')
  })

  test('a hash without init data is not a launch', () => {
    expect(parseLaunchParams('#section')).toBeNull()
    expect(parseLaunchParams('')).toBeNull()
  })

  test('captured once, they survive a reload without the hash (session storage) and hint the server', () => {
    const session = memorySession()
    const cookies = recordingJar()
    const first = captureLaunchParams({ hash: HASH, search: '', navigationUrl: null, session, cookies })
    expect(first?.initData).toBe(INIT_DATA)
    expect(cookies.cookie).toContain(`${TMA_HINT_COOKIE}=1`)
    const again = captureLaunchParams({ hash: '', search: '', navigationUrl: null, session, cookies: null })
    expect(again).toEqual(first)
  })

  test('the navigation entry keeps the hash a router may have dropped', () => {
    const p = captureLaunchParams({
      hash: '',
      search: '',
      navigationUrl: `https://game.example/${HASH}`,
      session: null,
      cookies: null,
    })
    expect(p?.initData).toBe(INIT_DATA)
  })

  test('outside Telegram nothing is captured and no hint is set', () => {
    const cookies = recordingJar()
    expect(
      captureLaunchParams({ hash: '', search: '', navigationUrl: null, session: memorySession(), cookies }),
    ).toBeNull()
    expect(cookies.writes).toEqual([])
  })
})
