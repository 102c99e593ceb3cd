import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AzDawg } from '../../scripts/dictionaries/az-dawg.ts'
import {
  expandStem,
  HunspellChecker,
  readAffixes,
  readAffixOption,
  readHunspellStems,
} from '../../scripts/dictionaries/hunspell.ts'
import { OpenCorpora } from '../../scripts/dictionaries/opencorpora.ts'
import { packageDir } from '../../scripts/dictionaries/sources.ts'
import { builtPath } from './built.ts'

const tmp = mkdtempSync(join(tmpdir(), 'wt-dict-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe('az DAWG reader and OpenCorpora paradigms', () => {
  const dicts = join(packageDir('az'), 'dicts')
  const dawg = AzDawg.read(join(dicts, 'words.dawg'))
  const oc = new OpenCorpora(dicts)

  test('a form has its readings: кошками is кошка, plural, instrumental', () => {
    const readings = dawg.readings('кошками')
    const tags = readings.map((r) => oc.grammemes(r))
    expect(tags.length).toBeGreaterThan(0)
    for (const g of tags) expect(['NOUN', 'plur', 'ablt'].every((t) => g.has(t))).toBe(true)
    // Form 0 of the same paradigm and stem is the dictionary form.
    const r = readings[0]
    const stem = oc.stem('кошками', r)
    const lemma = dawg.readings('кошка').find((l) => l.paradigm === r.paradigm && l.form === 0)
    expect(lemma && oc.stem('кошка', lemma)).toBe(stem)
  })

  test('names carry their grammeme; non-words have no readings', () => {
    expect(dawg.readings('москва').some((r) => oc.grammemes(r).has('Geox'))).toBe(true)
    expect(dawg.readings('ножницы').some((r) => oc.grammemes(r).has('Pltm'))).toBe(true)
    expect(dawg.readings('кшмрк')).toEqual([])
  })

  test('the walk meets forms in byte order and stops where the letter table says', () => {
    const seen: string[] = []
    // Only к, о, т (CP1251 0xEA, 0xEE, 0xF2) are let through.
    const table: (string | undefined)[] = new Array(256).fill(undefined)
    table[0xea] = 'к'
    table[0xee] = 'о'
    table[0xf2] = 'т'
    dawg.forEachWord((w) => seen.push(w), table)
    expect(seen).toContain('кот')
    expect(seen.every((w) => /^[кот]+$/.test(w))).toBe(true)
    expect([...seen].sort()).toEqual(seen)
  })
})

describe('Hunspell reader', () => {
  const aff = join(tmp, 'x.aff')
  const dic = join(tmp, 'x.dic')
  writeFileSync(
    aff,
    [
      'SET UTF-8',
      'NOSUGGEST !',
      'SFX S Y 2',
      'SFX S 0 s [^y]',
      'SFX S y ies y',
      'PFX U Y 1',
      'PFX U 0 un .',
      '',
    ].join('\n'),
  )
  writeFileSync(dic, ['4', 'cat/S', 'fly/SU', 'dog', 'Rome/!', ''].join('\n'))

  test('stems, flags and options', () => {
    expect(readHunspellStems(dic)).toEqual([
      { word: 'cat', flags: 'S' },
      { word: 'fly', flags: 'SU' },
      { word: 'dog', flags: '' },
      { word: 'Rome', flags: '!' },
    ])
    expect(readAffixOption(aff, 'NOSUGGEST')).toBe('!')
  })

  test('expansion applies conditions, strips, and crosses prefix with suffix', () => {
    const affixes = readAffixes(aff)
    const out = new Set<string>()
    for (const stem of readHunspellStems(dic)) expandStem(stem, affixes, (w) => out.add(w))
    expect([...out].sort()).toEqual(['Rome', 'cat', 'cats', 'dog', 'flies', 'fly', 'unflies', 'unfly'])
  })

  test('the checker accepts what expansion makes (one affix) and nothing else', () => {
    const checker = new HunspellChecker(readHunspellStems(dic), readAffixes(aff))
    for (const w of ['cat', 'cats', 'fly', 'flies', 'unfly', 'dog']) expect(checker.accepts(w)).toBe(true)
    for (const w of ['dogs', 'flys', 'uncat', 'rome', 'ca']) expect(checker.accepts(w)).toBe(false)
  })
})

test('a missing build names the command that makes it', () => {
  expect(() => builtPath('ru', 'default', 'txt', join(tmp, 'nothing'))).toThrow('npm run dictionaries')
})
