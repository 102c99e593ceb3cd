/**
 * Word definitions from the server's own files: English from WordNet (inflected forms through
 * WordNet's rules), no source for Russian and Spanish (the "no definition" state), bad words 400.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { baseForms } from '../../src/definitions/morphy.ts'
import { useServer } from './clients.ts'
import { SERVER_TEST_TIMEOUT_MS } from './harness.ts'

setDefaultTimeout(SERVER_TEST_TIMEOUT_MS)

describe('word definitions', () => {
  const s = useServer('pglite')
  const define = (lang: string, word: string) => s.get(`/api/definitions/${lang}/${encodeURIComponent(word)}`)

  test('English: the word itself, or the dictionary form of an inflected one', async () => {
    const cat = await define('en', 'cat')
    expect(cat.status).toBe(200)
    expect(cat.body.data).toMatchObject({ word: 'cat', lang: 'en', lemma: 'cat', source: 'WordNet 3.1' })
    expect(cat.body.data.definitions[0]).toEqual({ pos: 'noun', text: expect.stringContaining('feline') })
    expect(cat.body.data.definitions.length).toBeLessThanOrEqual(5)

    const cats = await define('en', 'Cats')
    expect(cats.body.data).toMatchObject({ word: 'cats', lemma: 'cat' })
    expect(cats.body.data.definitions.every((d: { pos: string }) => d.pos === 'noun')).toBe(true)
    const reacted = await define('en', 'reacted')
    expect(reacted.body.data).toMatchObject({ lemma: 'react', definitions: [{ pos: 'verb' }, {}, {}] })
  })

  test('no definition: an unknown word, and languages without a source', async () => {
    expect((await define('en', 'zzxq')).body.data).toEqual({
      word: 'zzxq',
      lang: 'en',
      lemma: null,
      definitions: [],
      source: 'WordNet 3.1',
    })
    expect((await define('ru', 'Ёлка')).body.data).toEqual({
      word: 'елка',
      lang: 'ru',
      lemma: null,
      definitions: [],
      source: null,
    })
    expect((await define('es', 'niño')).body.data).toMatchObject({
      word: 'niño',
      definitions: [],
      source: null,
    })
  })

  test('letters outside the alphabet, or an unknown language: 400', async () => {
    expect((await define('en', 'c4t')).status).toBe(400)
    expect((await define('en', 'кот')).status).toBe(400)
    expect((await define('xx', 'cat')).status).toBe(400)
  })

  test("WordNet's detachment rules", () => {
    expect(baseForms('boxes')).toContainEqual({ lemma: 'box', pos: 'n' })
    expect(baseForms('making')).toContainEqual({ lemma: 'make', pos: 'v' })
    expect(baseForms('cared')).toContainEqual({ lemma: 'care', pos: 'v' })
    expect(baseForms('taller')).toContainEqual({ lemma: 'tall', pos: 'a' })
    // A rule never strips the whole word.
    expect(baseForms('s')).toEqual([])
  })
})
