import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { DICT_TYPES, type DictType, LANGS, type Lang } from '../../engine/index.ts'
import { loadDictionaries } from '../../src/dictionaries/store.ts'
import { builtDictionary, builtWords, countWords, DICTIONARIES_DIR } from './built.ts'

// The full lists hold hundreds of thousands of words each: seconds of work, more on a busy machine.
setDefaultTimeout(60_000)

describe.each(LANGS.map((lang) => [lang]))('%s binaries', (lang: Lang) => {
  test.each(DICT_TYPES.map((t) => [t]))('%s.wtdg holds exactly the words of its .txt', (type: DictType) => {
    const dict = builtDictionary(lang, type)
    const words = builtWords(lang, type)
    // Every listed word is in the automaton and it spells no more words than that.
    expect(words.filter((w) => !dict.has(w)).slice(0, 10)).toEqual([])
    expect(countWords(dict)).toBe(words.length)
    expect(dict.size).toBe(words.length)
  })
})

describe('the server loads them (src/dictionaries/store.ts)', () => {
  test('every language with every size, answering has()', () => {
    const dicts = loadDictionaries(DICTIONARIES_DIR)
    expect([...dicts.langs].sort()).toEqual([...LANGS].sort())
    const ru = dicts.get('ru', 'default')
    expect(ru?.has('кот')).toBe(true)
    expect(ru?.has('москва')).toBe(false)
    expect(dicts.get('en', 'default')?.has('cats')).toBe(true)
    expect(dicts.get('en', 'default')?.has('boston')).toBe(false)
    expect(dicts.get('es', 'wide')?.has('perro')).toBe(true)
    for (const lang of LANGS)
      for (const type of DICT_TYPES) expect(dicts.get(lang, type)?.size).toBe(builtWords(lang, type).length)
  })
})
