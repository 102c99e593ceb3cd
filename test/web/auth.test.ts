import { beforeEach, describe, expect, test } from 'bun:test'
import {
  AUTH_COOKIE,
  authFromCookieHeader,
  clearAuthCookie,
  readAuthCookie,
  writeAuthCookie,
} from '../../shared/auth-cookie.ts'
import { normalizeNickname } from '../../web/auth/signin.ts'
import { createAuthStore } from '../../web/auth/store.ts'
import { clearCookies, withDom } from './dom.ts'
import { recordingJar } from './jar.ts'

withDom()
beforeEach(clearCookies)

describe('auth cookie (SPEC.md §3)', () => {
  test('is JSON {token, uid}, path /, expiring 2100-01-01, Secure on https', () => {
    const jar = recordingJar()
    writeAuthCookie(jar, { token: 't.k.n', uid: 'u1' }, true)
    const line = jar.writes[0]
    const [pair, ...attrs] = line.split('; ')
    expect(pair.startsWith(`${AUTH_COOKIE}=`)).toBe(true)
    expect(JSON.parse(decodeURIComponent(pair.slice(AUTH_COOKIE.length + 1)))).toEqual({
      token: 't.k.n',
      uid: 'u1',
    })
    expect(attrs).toContain('Path=/')
    expect(attrs).toContain('Expires=Fri, 01 Jan 2100 00:00:00 GMT')
    expect(attrs).toContain('Secure')
    writeAuthCookie(jar, { token: 'x', uid: 'u' }, false)
    expect(jar.writes[1]).not.toContain('Secure')
  })

  test('round-trips through document.cookie and clears', () => {
    writeAuthCookie(document, { token: 'abc', uid: 'u42' }, false)
    expect(readAuthCookie(document)).toEqual({ token: 'abc', uid: 'u42' })
    clearAuthCookie(document)
    expect(readAuthCookie(document)).toBeNull()
  })

  test('the server reads the same cookie from a Cookie header', () => {
    const value = encodeURIComponent(JSON.stringify({ token: 'abc', uid: 'u42' }))
    expect(authFromCookieHeader(`a=1; auth=${value}; b=2`)).toEqual({ token: 'abc', uid: 'u42' })
  })

  test.each([
    ['no cookie', 'other=1'],
    ['not JSON', 'auth=nope'],
    ['empty token', `auth=${encodeURIComponent('{"token":"","uid":"u"}')}`],
    ['token not a string', `auth=${encodeURIComponent('{"token":5}')}`],
    ['bad escape', 'auth=%E0%A4%A'],
    ['JSON null', 'auth=null'],
  ])('%s → signed out', (_name, header) => {
    expect(authFromCookieHeader(header)).toBeNull()
  })
})

describe('auth store (SPEC.md §4)', () => {
  test('starts signed out; sign-in stores token, uid and the cookie', () => {
    const store = createAuthStore({ cookies: document, secure: false })
    expect([store.token.value, store.uid.value, store.isAuthenticated.value]).toEqual(['', '', false])
    store.signIn({ token: 'tok', uid: 'u1' })
    expect(store.isAuthenticated.value).toBe(true)
    expect(readAuthCookie(document)).toEqual({ token: 'tok', uid: 'u1' })
  })

  test('a refresh replaces the token and keeps the uid', () => {
    const store = createAuthStore({ cookies: document, secure: false })
    store.signIn({ token: 'old', uid: 'u1' })
    store.refresh('new')
    expect([store.token.value, store.uid.value]).toEqual(['new', 'u1'])
    expect(readAuthCookie(document)).toEqual({ token: 'new', uid: 'u1' })
  })

  test('sign-out clears token, uid and removes the cookie', () => {
    const store = createAuthStore({ cookies: document, secure: false })
    store.signIn({ token: 'tok', uid: 'u1' })
    store.signOut()
    expect([store.token.value, store.uid.value, store.isAuthenticated.value]).toEqual(['', '', false])
    expect(document.cookie).not.toContain('auth=')
  })

  test('loading from the cookie signs in only when a token is present', () => {
    const empty = createAuthStore({ cookies: document, secure: false })
    expect(empty.loadFromCookie()).toBe(false)
    expect(empty.isAuthenticated.value).toBe(false)
    writeAuthCookie(document, { token: 'tok', uid: 'u9' }, false)
    const store = createAuthStore({ cookies: document, secure: false })
    expect(store.loadFromCookie()).toBe(true)
    expect([store.token.value, store.uid.value]).toEqual(['tok', 'u9'])
  })

  test('two stores are independent (no module-level state)', () => {
    const a = createAuthStore({ cookies: recordingJar(), secure: false })
    const b = createAuthStore({ cookies: recordingJar(), secure: false })
    a.signIn({ token: 'a', uid: 'ua' })
    expect(b.isAuthenticated.value).toBe(false)
  })
})

describe('nickname rule (PROTOCOL.md)', () => {
  test.each([
    ['  Анна  ', 'Анна'],
    ['jo', 'jo'],
    ['Player_1-x y', 'Player_1-x y'],
    ['a', null],
    ['x'.repeat(25), null],
    ['bad!', null],
    ['   ', null],
  ])('%p → %p', (raw, expected) => {
    expect(normalizeNickname(raw)).toBe(expected)
  })
})
