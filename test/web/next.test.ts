import { describe, expect, test } from 'bun:test'
import { localePath, safeNext, signInPath } from '../../shared/paths.ts'
import { acceptedLanguage } from '../../src/pages/access.ts'
import { roomOfNext } from '../../web/signin/next.ts'

describe('where sign-in returns to (?next=)', () => {
  test.each([
    ['/?room=AB12CD', '/?room=AB12CD'],
    ['/en/daily?x=1', '/daily?x=1'],
    ['/es', '/'],
    ['/game/abc', '/game/abc'],
    ['/tutorial#slide', '/tutorial'],
  ])('%s is a page of ours: %s', (raw, next) => {
    expect(safeNext(raw)).toBe(next)
  })

  test.each([
    [null],
    [''],
    ['daily'],
    ['//evil.example'],
    ['/\\evil.example'],
    ['/\t/evil.example'],
    ['https://evil.example/'],
    ['/signin'],
    ['/en/signin?next=/'],
    [`/${'a'.repeat(600)}`],
  ])('%p is refused', (raw) => {
    expect(safeNext(raw)).toBeNull()
  })

  test('the sign-in address carries next, except for plain home', () => {
    expect(signInPath('ru', '/?room=AB12CD')).toBe('/signin?next=%2F%3Froom%3DAB12CD')
    expect(signInPath('en', '/tutorial')).toBe('/en/signin?next=%2Ftutorial')
    expect(signInPath('es', '/')).toBe('/es/signin')
    expect(signInPath('en', null)).toBe('/en/signin')
  })

  test('a localised address keeps its query after the prefix', () => {
    expect(localePath('en', '/?room=AB12CD')).toBe('/en?room=AB12CD')
    expect(localePath('es', '/daily?x=1')).toBe('/es/daily?x=1')
    expect(localePath('ru', '/?room=AB12CD')).toBe('/?room=AB12CD')
  })

  test('the room of a next, for the invitation line', () => {
    expect(roomOfNext('/?room=AB12CD')).toBe('AB12CD')
    expect(roomOfNext('/?room=%20tiger%20')).toBe('tiger')
    expect(roomOfNext('/daily?room=AB12CD')).toBeNull()
    expect(roomOfNext('/?room=<b>')).toBeNull()
    expect(roomOfNext(undefined)).toBeNull()
  })
})

describe("the browser's language (Accept-Language)", () => {
  test.each([
    ['en-US,en;q=0.9', 'en'],
    ['es-419,es;q=0.9', 'es'],
    ['ru-RU,ru;q=0.9,en-US;q=0.8', 'ru'],
    ['de-DE,de;q=0.9,en;q=0.8,ru;q=0.7', 'en'],
    ['fr;q=0.4, ES;q=0.6, ru;q=0.5', 'es'],
    ['en;q=0, ru', 'ru'],
    ['*', null],
    ['de, fr', null],
    ['', null],
    [null, null],
  ])('%p → %p', (header, lang) => {
    expect(acceptedLanguage(header)).toBe(lang as never)
  })
})
