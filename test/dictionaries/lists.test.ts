import { describe, expect, test } from 'bun:test'
import { ALPHABETS, DICT_TYPES, type DictType, LANGS, type Lang } from '../../engine/index.ts'
import { builtDictionary, builtWords, EXPECTED } from './built.ts'

const NESTED: [DictType, DictType][] = [
  ['default', 'wide'],
  ['wide', 'full'],
]

describe.each(LANGS.map((lang) => [lang]))('%s lists', (lang: Lang) => {
  test.each(DICT_TYPES.map((t) => [t]))('%s: word count within 1% of DICTIONARIES.md', (type: DictType) => {
    const count = builtWords(lang, type).length
    const expected = EXPECTED[lang][type]
    expect(Math.abs(count - expected) / expected).toBeLessThanOrEqual(0.01)
  })

  test.each(DICT_TYPES.map((t) => [t]))(
    '%s: sorted, no duplicates, only alphabet letters, at least 2 letters',
    (type: DictType) => {
      const words = builtWords(lang, type)
      const letters = ALPHABETS[lang].letters.join('')
      const word = new RegExp(`^[${letters}]{2,}$`)
      const bad: string[] = []
      for (let i = 0; i < words.length; i++) {
        if (!word.test(words[i]) || (i > 0 && !(words[i - 1] < words[i]))) bad.push(words[i])
        if (bad.length > 10) break
      }
      expect(bad).toEqual([])
    },
  )

  test.each(NESTED)('%s ⊆ %s', (small: DictType, big: DictType) => {
    const bigger = builtDictionary(lang, big)
    const missing = builtWords(lang, small).filter((w) => !bigger.has(w))
    expect(missing.slice(0, 10)).toEqual([])
  })
})

/** [word, sizes holding it]: a size not named must not hold it. */
type Expectation = [string, DictType[]]
const ALL: DictType[] = ['default', 'wide', 'full']
const NONE: DictType[] = []

const WORDS: Record<Lang, Expectation[]> = {
  ru: [
    ['кот', ALL],
    ['ножницы', ALL], // plural-only noun in its dictionary form
    ['стол', ALL],
    ['еж', ALL], // ёж, folded
    ['столы', ['full']], // a form, not a dictionary form
    ['москва', NONE], // a place
    ['мвд', NONE], // an abbreviation
    // A surname; in full only as the genitive plural of путина (fishing season).
    ['путин', ['full']],
    ['хуй', NONE], // russian-bad-words
    ['сука', NONE],
    ['жопа', NONE], // our few additions to it
  ],
  en: [
    // Every inflected form, as a new player tries them (issue 13).
    ['cat', ALL],
    ['cats', ALL],
    ['table', ALL],
    ['react', ALL],
    ['reacts', ALL],
    ['tears', ALL],
    ['eat', ALL],
    ['late', ALL],
    ['ran', ALL],
    ['better', ALL],
    ['get', ALL],
    ['aardwolf', ['wide', 'full']], // rarer than SCOWL size 50
    ['abampere', ['wide', 'full']],
    ['nasa', NONE], // abbreviations
    ['mph', NONE],
    ['russia', NONE], // names
    ['canada', NONE],
    ['boston', NONE],
    ['fuck', NONE], // blocklist
    ['shit', NONE],
    ['gyp', NONE], // a slur word-list kept
    // word-list holds "paris" (herb Paris); WordNet knows it only capitalised.
    ['paris', ['full']],
  ],
  es: [
    ['casa', ALL],
    ['casas', ALL], // every form
    ['perro', ALL],
    ['camion', ALL], // camión, accent folded
    ['niño', ALL], // ñ is a letter of its own
    ['comer', ALL], // a common verb in every form
    ['comio', ALL],
    ['estoy', ALL], // an irregular verb RLA-ES spells out
    ['fui', ALL],
    ['juega', ALL],
    ['pero', ALL],
    ['derivaste', ['wide', 'full']], // a verb too rare for default
    ['sra', ['wide', 'full']], // an abbreviation
    ['espana', NONE], // España: a name
    ['madrid', NONE],
    ['mierda', NONE], // blocklist
    ['puta', NONE],
    ['joder', NONE],
  ],
}

describe.each(LANGS.map((lang) => [lang]))('%s must-have and must-not-have words', (lang: Lang) => {
  test.each(DICT_TYPES.map((t) => [t]))('%s', (type: DictType) => {
    const dict = builtDictionary(lang, type)
    const holds = WORDS[lang].filter(([w]) => dict.has(w)).map(([w]) => w)
    const expected = WORDS[lang].filter(([, sizes]) => sizes.includes(type)).map(([w]) => w)
    expect(holds).toEqual(expected)
  })
})

describe('ё folding (Russian)', () => {
  test.each(DICT_TYPES.map((t) => [t]))('%s has no ё, and ёж is there as еж', (type: DictType) => {
    expect(builtWords('ru', type).some((w) => w.includes('ё'))).toBe(false)
    expect(builtDictionary('ru', type).has('еж')).toBe(true)
  })
})
