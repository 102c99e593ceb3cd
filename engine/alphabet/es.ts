import { buildAlphabet } from './build.ts'

const ACCENTS: Record<string, string> = { á: 'a', é: 'e', í: 'i', ó: 'o', ú: 'u', ü: 'u' }

export const es = buildAlphabet({
  // Spanish letter frequencies; k and w are near-absent from the dictionary and kept off boards.
  weights: {
    e: 13.68,
    a: 12.53,
    o: 8.68,
    s: 7.98,
    r: 6.87,
    n: 6.71,
    i: 6.25,
    d: 5.86,
    l: 4.97,
    c: 4.68,
    t: 4.63,
    u: 3.93,
    m: 3.15,
    p: 2.51,
    b: 1.42,
    g: 1.01,
    v: 0.9,
    y: 0.9,
    q: 0.88,
    h: 0.7,
    f: 0.69,
    z: 0.52,
    j: 0.44,
    ñ: 0.31,
    x: 0.22,
  },
  vowels: 'aeiou',
  hard: 'ñjxzqhvy',
  easyShare: 0.9,
  fold: (text) => text.toLowerCase().replace(/[áéíóúü]/g, (c) => ACCENTS[c]),
})
